import { codeNow } from '../support/totp';
import { createVerifiedShopper, linkMailedTo, logIn, signUp, uniqueEmail } from './support/accounts';
import { E2E_ADMIN } from './support/constants';
import { addToCart } from './support/shopping';
import { expect, expectAccessible, test, visit } from './support/fixtures';

test('a shopper signs up, confirms the e-mail from the outbox, logs in and logs out @smoke', async ({
  page,
}) => {
  const email = uniqueEmail('journey');
  await visit(page, '/signup');
  await signUp(page, 'Ifeoma Okeke', email);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page.getByText('Please check your email to verify your account.')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);

  await page.goto(await linkMailedTo(email));
  await expect(page).toHaveURL(/\/email-confirmation$/);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in now' })).toBeVisible();
  await expectAccessible(page);
  // It moves on to the login page by itself after 5 seconds.
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  await expectAccessible(page);

  await logIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
  await expectAccessible(page);

  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();
});

test("a wrong password shows 'Login failed'", async ({ page }) => {
  const shopper = await createVerifiedShopper(page);
  await visit(page, '/login');
  await logIn(page, shopper.email, 'not-my-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Login failed' })).toBeVisible();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expectAccessible(page);
});

test("mismatched passwords show 'Passwords do not match' and nothing is sent", async ({ page }) => {
  await visit(page, '/signup');
  await page.getByLabel('Full name').fill('Musa Bello');
  await page.getByLabel('Email').fill(uniqueEmail('mismatch'));
  await page.getByLabel('Password', { exact: true }).fill('first-password-1');
  await page.getByLabel('Confirm password', { exact: true }).fill('second-password-2');
  // Live, under the confirm field…
  await expect(page.getByText('Passwords do not match').first()).toBeVisible();
  await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(/I agree to the/).check();
  // …and as a toast on submit, without leaving the page.
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Please make sure your passwords match')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await expectAccessible(page);
});

test("a field's message clears once it is typed in, and the others stay", async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  // The unticked terms box also raises spec §5's toast.
  await expect(page.getByText('Terms agreement required')).toBeVisible();
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Full name').fill('Musa Bello');
  await expect(page.getByText('Full name is required')).toHaveCount(0);
  await expect(page.getByLabel('Full name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
});

test('a guest sent from /account to /login comes back after logging in', async ({ page }) => {
  const shopper = await createVerifiedShopper(page);
  await page.goto('/account');
  // A guest on /account sees 'Sign In Required', whose Login link remembers the way back.
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount$/);
  await expectAccessible(page);
  await logIn(page, shopper.email);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByText(shopper.email)).toBeVisible();
  await expectAccessible(page);
});

test('an unconfirmed buyer sent from checkout to log in is mailed a link that leads back to checkout', async ({
  page,
}) => {
  const email = uniqueEmail('unconfirmed');
  await signUp(page, 'Tamuno Later', email);
  await addToCart(page, 'tilapia', 'Fresh Tilapia');
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
  await logIn(page, email);
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Please confirm your e-mail address first. We have sent you a new confirmation link.',
    }),
  ).toBeVisible();
  // The link sent again lands on /email-confirmation, as the sign-up's does, and keeps the way back.
  await expect.poll(() => linkMailedTo(email)).toContain('email-confirmation%3FredirectTo%3D%252Fcheckout');
  await page.goto(await linkMailedTo(email));
  await expect(page).toHaveURL(/\/email-confirmation\?redirectTo=%2Fcheckout$/);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in now' }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
});

test('a shopper is refused by /admin', async ({ page }) => {
  const shopper = await createVerifiedShopper(page);
  await page.goto('/login');
  await logIn(page, shopper.email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?denied=1$/);
  await expect(page.getByText('You need administrator privileges to access this area.')).toBeVisible();
  await expectAccessible(page);
  // Even with the right password, a shopper cannot sign in here.
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(shopper.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You do not have administrator privileges' }),
  ).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
});

test('the administrator signs in to the dashboard @smoke', async ({ page }) => {
  await visit(page, '/admin/login');
  await expect(page.getByRole('heading', { name: 'FreshCatch Admin Portal' })).toBeVisible();
  await expect(page.getByText('Sign in to access the administrator dashboard')).toBeVisible();
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Two-factor sign-in: the code the authenticator app shows now, computed as the app computes it.
  await expect(page).toHaveURL(/\/login\/two-factor\?redirectTo=%2Fadmin$/);
  await expect(page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Code from your authenticator app').fill(await codeNow());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Welcome to the admin dashboard')).toBeVisible();
  await expect(page.getByText('Admin Mode')).toBeVisible();
  await expect(page.getByText('Total products')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Visit Marketplace' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toBeVisible();
});

test("an unknown address shows '404 Oops! Page not found' with a link home", async ({ page }) => {
  const response = await visit(page, '/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Popular Items' })).toBeVisible();
});
