import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** kebab-case file names (STYLE §6); `+types`, `$` splat files and dotted suffixes (.server, .test) are fine. */
const kebabCaseFiles = {
  meta: { type: 'suggestion', messages: { kebab: 'File names are kebab-case: {{name}}' } },
  create(context) {
    return {
      Program(node) {
        const name = path.basename(context.filename);
        const parts = name.split('.').slice(0, -1);
        const ok = parts.every((part) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(part) || part === '$');
        if (!ok) context.report({ node, messageId: 'kebab', data: { name } });
      },
    };
  },
};

const SONNER = {
  name: 'sonner',
  message: "Toasts go through '~/lib/toasts' (or './lib/toasts'), which loads sonner after the page works.",
};

const frameworkImports = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'react-router',
  '@react-router/*',
  'sonner',
  'lucide-react',
];

/**
 * Walls between core's domains (issue 32, item 2), as Bulletproof React walls its features: a domain
 * (a folder of core/) imports its own modules, the kernel at core/'s root (errors, ids, money, paging,
 * roles, shop, text…), and only the other domains' modules named here. Everything else it asks for
 * through its caller (a route, server/). A new folder in core/ is a domain with no crossings until it
 * is given some here.
 */
const CORE_DOMAINS = readdirSync(path.join(import.meta.dirname, 'core'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const CORE_KERNEL = readdirSync(path.join(import.meta.dirname, 'core')).filter((name) =>
  name.endsWith('.ts'),
);

/** Open to every domain: each admin change is recorded in its own transaction (audit/log.ts). */
const EVERY_DOMAIN = ['audit/log.ts'];

/** The other domains' modules each domain may import, and why. */
const CORE_CROSSINGS = {
  accounts: [
    'jobs/queue.ts', // account e-mails go out through the job queue
    'mail/mailer.ts', // …or straight away, for Better Auth's own messages
    'mail/templates.ts',
    'limits/attempts.ts', // password tries are counted
    'orders/forget.ts', // a deleted user's orders forget them, through the orders' own module
    'reviews/service.ts', // a deleted user's reviews leave their products' ratings
    'messages/contact.ts', // the profile records how the buyer hears about orders…
    'messages/consent.ts', // …through its one writer
    'delivery/management.ts', // a profile's location is matched to the places the shop delivers to…
    'delivery/places.ts', // …by the places' one rule
    'sellers/statement.ts', // "Download my data" holds a seller's statement, as the seller's area shows it
    'sellers/service.ts', // a deleted account's seller record is closed by the sellers' one writer
    'newsletter/service.ts', // a deleted account's address leaves the newsletter list, through its one writer
  ],
  audit: ['discounts/types.ts'], // the activity log shows a discount type in the discounts' words
  cart: [
    'stock/rules.ts', // the cart says how much is left in the stock's words
    'catalog/price-tiers.ts', // a line's quantity price, by the one rule
    'sellers/source-rules.ts', // a line's farm, and the shop's rule that picks one
  ],
  catalog: [
    'stock/in-stock.ts', // a counted product's in-stock flag is the stock's to set
    'delivery/shelf-life.ts', // the product form bounds how long a product keeps
  ],
  // Checkout is the workflow across domains: it prices, places and settles an order.
  checkout: [
    'accounts/profile.ts',
    'accounts/service.ts', // the buyer's profile the checkout page fills in (page.ts)
    'catalog/service.ts', // the cart's products as a buyer with waiting orders may order them
    'catalog/price-tiers.ts', // the unit price a line is charged at its quantity
    'cart/rules.ts',
    'delivery/management.ts', // the stored rates it prices with
    'delivery/methods.ts',
    'delivery/places.ts', // the delivery location in the list's spelling
    'delivery/rules.ts',
    'delivery/shelf-life.ts', // which methods and slots fresh goods may go by
    'delivery/slot-bookings.ts',
    'delivery/slots.ts',
    'discounts/guessing.ts',
    'discounts/rules.ts',
    'discounts/uses.ts',
    'jobs/queue.ts',
    'messages/consent.ts', // the buyer's choice of order updates, made at checkout
    'messages/contact.ts',
    'orders/code-holds.ts', // an unpaid order's use of a capped code, given back after a while
    'orders/lifecycle.ts',
    'orders/payment-state.ts',
    'orders/placing.ts',
    'orders/service.ts',
    'orders/transitions.ts',
    'payments/provider.ts',
    'sellers/sources.ts', // a line that names a farm is priced at its offer (issue 51 §3)
    'sellers/source-rules.ts',
    'stock/holds.ts',
    'stock/rules.ts',
  ],
  delivery: ['sellers/line-origins.ts'], // the dispatch sheet says which farm's batch a line is from
  discounts: ['limits/attempts.ts'], // guessed codes are counted
  enquiries: ['jobs/queue.ts', 'mail/templates.ts', 'limits/attempts.ts'],
  // A farm's reminders go to its owner as they chose (consent), through the messages' one creator.
  farm: ['jobs/queue.ts', 'messages/consent.ts', 'messages/queue.ts'],
  jobs: ['notifications/messages.ts'], // a failed job is described by its order's short id
  limits: [],
  mail: ['notifications/messages.ts'], // an e-mail says what the notification says
  media: [],
  // Each message is a job of the send-message queue; a payment reminder ends with the order's hold.
  messages: ['jobs/queue.ts', 'orders/payment-state.ts'],
  newsletter: ['limits/attempts.ts'],
  notifications: [],
  // An order's lifecycle gives back code uses, sends its e-mails by the queue, refunds by the provider.
  orders: [
    'delivery/methods.ts',
    'delivery/rules.ts',
    'discounts/types.ts',
    'discounts/uses.ts',
    'jobs/queue.ts',
    'mail/templates.ts',
    'media/images.ts', // a freshness claim's photo is stored like a product picture
    'media/storage.ts',
    'media/variants.ts',
    'messages/queue.ts', // …and its WhatsApp and SMS messages, through their one creator
    'messages/templates.ts',
    'notifications/messages.ts',
    'payments/provider.ts',
    'stock/holds.ts', // an order's changes hold, keep and release its counted stock (their one writer)
    'delivery/slot-bookings.ts', // …and its delivery slot's place (their one writer)
    'delivery/slots.ts', // the receipt says when the slot is
    'sellers/ledger.ts', // a delivered order credits its sellers, a refund of their lines takes it back
    'sellers/line-origins.ts', // an order's page says which farm a line is from
  ],
  payments: [],
  recipes: [],
  reviews: [],
  // A seller's bank is checked and their recipient made by the provider; a bank change is e-mailed by the queue.
  // An offer received at the hub becomes a stock batch through its one writer, counted as the product is.
  sellers: [
    'accounts/passwords.ts', // a bank change asks for the password again
    'jobs/queue.ts',
    'mail/templates.ts',
    'payments/banks.ts',
    'payments/provider.ts',
    'payments/transfers.ts', // payouts are sent by the provider's Transfer API
    'stock/batches.ts',
    'stock/rules.ts',
    // A seller's batch shows buyers its farm-book record.
    'farm/book.ts',
    'farm/facts.ts',
    'notifications/messages.ts', // a sale names its order as everywhere, by its short id
    'orders/claim-lines.ts', // when the order was delivered
    'orders/claim-window.ts', // a sale is payable once its line's claim window has closed
    'orders/refund-lines.ts', // what the refunds gave back of each line
    'messages/queue.ts', // a bank change is told on the seller's chosen channel, through the messages' writer
  ],
  stock: [],
  wishlist: ['catalog/service.ts'], // a wishlist lists products as the catalogue shows them
};
// Not imports, so not walled here: mail, checkout and orders each declare their queue's job into
// jobs/queue.ts's JobData (`declare module '../jobs/queue'`); jobs/ imports none of them.

const coreDomainZones = CORE_DOMAINS.map((domain) => ({
  target: `./core/${domain}`,
  from: './core',
  except: [`./${domain}`, ...CORE_KERNEL, ...EVERY_DOMAIN, ...(CORE_CROSSINGS[domain] ?? [])].map((p) =>
    p.startsWith('./') ? p : `./${p}`,
  ),
  message: `core/${domain} reaches other domains only by the crossings named in eslint.config.js (CORE_CROSSINGS).`,
}));

export default tseslint.config(
  {
    ignores: [
      'build/',
      'bench/floor/build/',
      'bench/floor/.react-router/',
      'data/',
      '.react-router/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'screenshots/',
      'scratch/',
      'public/',
      'scripts/object-groupby-polyfill.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { local: { rules: { 'kebab-case-files': kebabCaseFiles } }, 'import-x': importX },
    rules: {
      'local/kebab-case-files': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { maxDepth: 8, ignoreExternal: true }],
      // Layers and domains (DESIGN §3, STYLE §6). Type imports count: a type-only cycle is a cycle too,
      // which no-cycle cannot see (it skips them); tests/unit/import-graph.test.ts counts them.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './db',
              from: ['./core', './server', './app', './scripts'],
              message:
                'db/ owns the schema and its enums; core/ and the seed (server/seed/) call db/, not back.',
            },
            {
              target: './core',
              from: ['./server', './app', './scripts'],
              message: 'core/ is called by app/ and server/, never the other way round.',
            },
            {
              // The app is the server's client: it reads the server's services and request contract
              // (server/services.ts, server/request-context.ts); the server knows the app only as the
              // build it is given (decision 057). Scripts call the server, not back.
              target: './server',
              from: ['./app', './scripts'],
              message:
                "server/ never imports app/ or scripts/: the app imports the server's contract (server/request-context.ts), and the server loads the app's build.",
            },
            {
              target: './sw',
              from: ['./app', './core', './db', './server', './scripts'],
              message:
                'sw/ runs in the service worker on its own: app/ and server/ read its rules, not back.',
            },
            ...coreDomainZones,
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver': { typescript: true, node: true },
    },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The walls (DESIGN §3, STYLE §6).
  {
    // The toast library loads after the page works (app/lib/toasts.tsx); a static import would put it back.
    files: ['app/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [SONNER] }] },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['~/*', '**/app/**'], message: 'core/ never imports app/.' },
            { group: frameworkImports, message: 'core/ holds business rules without React or React Router.' },
          ],
        },
      ],
    },
  },
  {
    files: ['db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/*', '**/app/**', ...frameworkImports],
              message: 'db/ never imports app/ or UI code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes stay thin: they call core/, which owns every query (STYLE §1, §13).
    files: ['app/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['\\#db/*', '**/db/**', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'Routes call core/, never the database or Drizzle directly.',
            },
          ],
          paths: [SONNER],
        },
      ],
    },
  },
  {
    // Components render what loaders give them: core's services are for the server (types are fine).
    files: ['app/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '\\#core/*/service',
                '\\#core/*/management',
                '\\#core/*/refunds',
                '\\#core/*/reports',
                '\\#core/*/export',
                '\\#core/media/images',
                '\\#core/media/storage',
              ],
              allowTypeImports: true,
              message:
                'Components never call core services; take the data from the route (types may be imported).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/components/**/*.{ts,tsx}', 'app/lib/**/*.{ts,tsx}'],
    ignores: ['app/**/*.server.ts', 'app/lib/context.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['\\#db/*', '**/db/**', '\\#server/*', '**/server/**'],
              message: 'Components and browser helpers never import the database or the server.',
            },
          ],
          paths: [SONNER],
        },
      ],
    },
  },
);
