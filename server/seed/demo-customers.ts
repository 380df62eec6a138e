/**
 * Demo shoppers with delivered, paid orders and the reviews they wrote, so ratings and "Popular
 * Items" come from real reviews by buyers (the same rule the shop enforces). They have no password
 * and cannot sign in.
 */
export interface DemoCustomer {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  location: 'Port Harcourt' | 'Lagos' | 'Abuja';
  /** Product slug → [rating, review text] */
  reviews: Record<string, [number, string]>;
}

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    id: 'demo-customer-chidinma',
    name: 'Chidinma Okafor',
    email: 'chidinma.okafor@example.ng',
    phone: '+234 803 210 4471',
    address: '7 Ezimgbu Link Road, GRA Phase 4',
    location: 'Port Harcourt',
    reviews: {
      'live-catfish': [5, 'Delivered alive and kicking before 11am. My pepper soup has never tasted better.'],
      'ground-crayfish': [
        5,
        'Clean, no sand at all. The smell when you open the pack is proper Calabar crayfish.',
      ],
      'tiger-prawns': [4, 'Big, firm prawns. A few were smaller than I expected but the taste is excellent.'],
      'smoked-catfish': [5, 'Well smoked and dry, no bad smell. It lasted three weeks in my kitchen.'],
      'shelled-periwinkle': [5, 'Saved me an hour of picking periwinkle. Very clean.'],
    },
  },
  {
    id: 'demo-customer-tunde',
    name: 'Tunde Adebayo',
    email: 'tunde.adebayo@example.ng',
    phone: '+234 805 998 1203',
    address: '21 Admiralty Way, Lekki Phase 1',
    location: 'Lagos',
    reviews: {
      'red-snapper': [
        5,
        'Beautiful fish, bright eyes and firm flesh. Baked it whole for my daughter’s birthday.',
      ],
      'spiny-lobster': [4, 'Pricey but worth it for an occasion. Arrived well packed in ice.'],
      'smoked-bonga': [4, 'Strong flavour, exactly what I wanted for efo riro.'],
      'stockfish-fillet': [5, 'Good quality panla, soaked well overnight.'],
      'air-pump-aerator': [4, 'Quiet and does the job for my two tanks. Diffuser stones are a bit small.'],
    },
  },
  {
    id: 'demo-customer-blessing',
    name: 'Blessing Amadi',
    email: 'blessing.amadi@example.ng',
    phone: '+234 806 455 7812',
    address: '3 Rumuola Road, Rumuokwuta',
    location: 'Port Harcourt',
    reviews: {
      'fresh-croaker': [5, 'Very fresh croaker, grilled it the same evening. Will order again.'],
      'live-crabs': [5, 'The crabs were alive and heavy. Perfect for seafood okra.'],
      'stockfish-head': [4, 'Nice big heads. Ask them to cut it, it saves you the stress.'],
      'titus-mackerel': [4, 'Still frozen solid when it arrived. Good size fish.'],
      'shelled-periwinkle': [4, 'Clean and fresh. The 500 g pack goes quickly in afang.'],
      'floating-feed-2mm': [5, 'My fingerlings took to this feed immediately.'],
    },
  },
  {
    id: 'demo-customer-ibrahim',
    name: 'Ibrahim Musa',
    email: 'ibrahim.musa@example.ng',
    phone: '+234 807 301 6654',
    address: 'Plot 44, Aminu Kano Crescent, Wuse 2',
    location: 'Abuja',
    reviews: {
      'fresh-tilapia': [
        4,
        'Good tilapia from Kainji, well cleaned. Delivery to Abuja took two days as promised.',
      ],
      'dried-catfish': [5, 'Proper eja kika, hard and well dried.'],
      'tilapia-sinking-feed': [
        4,
        'My tilapia grow well on it. The bag was slightly torn but nothing spilled.',
      ],
      'cast-net': [4, 'Strong net, casts nicely once you get the hang of it.'],
    },
  },
  {
    id: 'demo-customer-ngozi',
    name: 'Ngozi Eze',
    email: 'ngozi.eze@example.ng',
    phone: '+234 809 772 0045',
    address: '12 Woji Estate Road, Woji',
    location: 'Port Harcourt',
    reviews: {
      'hdpe-pond-liner': [5, 'Thick liner, no leaks after six months. Delivery men helped me unload it.'],
      'paddlewheel-aerator': [5, 'Oxygen problems at night are gone. Their technician explained everything.'],
      'floating-feed-4mm': [5, 'Floats well and my catfish finish every feeding.'],
      'floating-feed-6mm': [4, 'Good growth. Price went up a little since my last order.'],
      'water-test-kit': [4, 'Easy to read colour chart. Very useful for a beginner farmer like me.'],
      'seine-net': [5, 'Harvesting is so much easier now.'],
    },
  },
  {
    id: 'demo-customer-emeka',
    name: 'Emeka Nwosu',
    email: 'emeka.nwosu@example.ng',
    phone: '+234 802 118 9930',
    address: '5 Aba Road, opposite Garrison',
    location: 'Port Harcourt',
    reviews: {
      'live-catfish': [5, 'Point and kill without going to the market. Exactly what I needed.'],
      'smoked-mackerel': [4, 'Tasty and well smoked. Could be a bit bigger.'],
      'whole-crayfish': [5, 'Sweet crayfish, clean and well picked.'],
      'catfish-starter-feed': [5, 'Great survival rate for my fry this batch.'],
      'tarpaulin-pond': [4, 'Took us an afternoon to set up. Holding water well.'],
      'smoked-croaker': [5, 'Lovely smoked croaker, perfect in banga.'],
    },
  },
];
