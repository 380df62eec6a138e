import type { ProductCategory } from '../../core/catalog/categories';
import type { ProductArt } from './products';

export interface SeedRecipe {
  id: number;
  slug: string;
  title: string;
  description: string;
  prepMinutes: number;
  cookMinutes: number;
  difficulty: 'Easy' | 'Medium' | 'Hard';
  serves: number;
  /** `product` names a seed product by slug; the seed links it to the product's id. */
  ingredients: { text: string; product?: string }[];
  steps: string[];
}

export const recipeImageUrl = (slug: string) => `/images/recipes/${slug}-800.webp`;

export const SEED_RECIPES: SeedRecipe[] = [
  {
    id: 1,
    slug: 'catfish-pepper-soup',
    title: 'Catfish Pepper Soup (Point-and-Kill)',
    description: 'The Port Harcourt favourite: fresh catfish in a hot, aromatic broth with scent leaves.',
    prepMinutes: 15,
    cookMinutes: 30,
    difficulty: 'Easy',
    serves: 4,
    ingredients: [
      { text: '1 kg live catfish, cut into steaks', product: 'live-catfish' },
      { text: '2 tablespoons ground crayfish', product: 'ground-crayfish' },
      { text: '2 tablespoons pepper soup spice mix' },
      { text: '2 scotch bonnet peppers, pounded' },
      { text: '1 medium onion, chopped' },
      { text: 'A handful of scent leaves (efinrin), sliced' },
      { text: '2 seasoning cubes and salt to taste' },
    ],
    steps: [
      'Pour hot (not boiling) water over the catfish pieces, then rinse off the slime with cold water.',
      'Put the fish in a pot with the onion, pepper, seasoning cubes and 1 litre of water.',
      'Bring to a gentle boil, then add the pepper soup spice and the crayfish.',
      'Simmer for 15 minutes without stirring, so the fish stays in whole pieces. Shake the pot instead.',
      'Add the scent leaves, taste for salt and simmer 2 more minutes. Serve hot with boiled yam or on its own.',
    ],
  },
  {
    id: 2,
    slug: 'banga-soup',
    title: 'Banga Soup with Smoked Fish',
    description: 'A rich palm-fruit soup from the Niger Delta, deepened with smoked catfish and periwinkle.',
    prepMinutes: 25,
    cookMinutes: 50,
    difficulty: 'Medium',
    serves: 6,
    ingredients: [
      { text: '800 g palm fruit concentrate (or 1 kg palm fruits, boiled and pounded)' },
      { text: '1 smoked catfish, broken into pieces', product: 'smoked-catfish' },
      { text: '1 cup shelled periwinkle', product: 'shelled-periwinkle' },
      { text: '2 pieces dried bonga, cleaned', product: 'dried-bonga' },
      { text: '2 tablespoons ground crayfish', product: 'ground-crayfish' },
      { text: '1 teaspoon banga spice (beletete and rohojie)' },
      { text: 'Fresh pepper, 1 onion, seasoning cubes and salt' },
    ],
    steps: [
      'Soak the smoked catfish and bonga in warm salted water for 10 minutes, then clean them.',
      'Stir the palm fruit concentrate into 1.5 litres of water and bring it to the boil.',
      'Add the onion, pepper, seasoning and crayfish; cook for 20 minutes until the oil rises to the top.',
      'Add the fish, bonga and banga spice; simmer for 15 minutes until the soup thickens.',
      'Stir in the periwinkle, taste for salt and cook 5 more minutes. Serve with starch or eba.',
    ],
  },
  {
    id: 3,
    slug: 'grilled-croaker',
    title: 'Grilled Croaker with Pepper Sauce',
    description:
      'Whole croaker marinated in yaji and lime, grilled until smoky and served with a fiery sauce.',
    prepMinutes: 20,
    cookMinutes: 25,
    difficulty: 'Easy',
    serves: 2,
    ingredients: [
      { text: '2 medium croaker fish, scaled and gutted', product: 'fresh-croaker' },
      { text: '2 tablespoons suya spice (yaji)' },
      { text: '3 cloves garlic and a thumb of ginger, grated' },
      { text: '1 lime, juiced' },
      { text: '2 red bell peppers, 2 scotch bonnets and 1 onion for the sauce' },
      { text: '3 tablespoons vegetable oil and salt' },
    ],
    steps: [
      'Cut three slits on each side of the fish and rub in the garlic, ginger, lime juice, yaji, oil and salt.',
      'Leave to marinate for at least 15 minutes (or overnight in the fridge).',
      'Grill over charcoal or in a hot oven at 220 °C for 10 to 12 minutes each side.',
      'Meanwhile blend the peppers and onion and fry the paste in oil for 10 minutes with a pinch of salt.',
      'Spoon the sauce over the fish and serve with fried plantain or chips.',
    ],
  },
  {
    id: 4,
    slug: 'seafood-okra',
    title: 'Seafood Okra Soup',
    description:
      'Draw soup loaded with prawns, crab, periwinkle and stockfish — a Rivers State party favourite.',
    prepMinutes: 30,
    cookMinutes: 35,
    difficulty: 'Medium',
    serves: 6,
    ingredients: [
      { text: '500 g fresh okra, chopped' },
      { text: '500 g tiger prawns, cleaned', product: 'tiger-prawns' },
      { text: '4 mangrove crabs, cleaned and halved', product: 'live-crabs' },
      { text: '1 cup shelled periwinkle', product: 'shelled-periwinkle' },
      { text: '200 g stockfish fillet, soaked', product: 'stockfish-fillet' },
      { text: '3 tablespoons ground crayfish', product: 'ground-crayfish' },
      { text: '1/2 cup palm oil, a bunch of ugu leaves, pepper and seasoning' },
    ],
    steps: [
      'Boil the stockfish with seasoning and 1 litre of water for 15 minutes.',
      'Add the crabs and cook for 10 minutes, then add the palm oil, pepper and crayfish.',
      'Stir in the okra and cook on low heat for 3 minutes, just until it draws.',
      'Add the prawns and periwinkle; cook for 4 minutes until the prawns turn pink.',
      'Stir in the sliced ugu leaves, taste for salt and take off the heat. Serve with eba or fufu.',
    ],
  },
];

/** The pictures drawn for the recipes by scripts/make-product-images.ts. */
export const SEED_RECIPES_ART: { slug: string; category: ProductCategory; art: ProductArt }[] = [
  {
    slug: 'catfish-pepper-soup',
    category: 'fresh',
    art: { kind: 'soup', broth: '#b45309', pieces: '#57534e', leaf: '#15803d' },
  },
  {
    slug: 'banga-soup',
    category: 'smoked',
    art: { kind: 'soup', broth: '#c2410c', pieces: '#78350f', leaf: '#166534' },
  },
  {
    slug: 'grilled-croaker',
    category: 'smoked',
    art: { kind: 'fish', body: '#a16207', belly: '#fcd34d', fin: '#78350f', stripes: true },
  },
  {
    slug: 'seafood-okra',
    category: 'shellfish',
    art: { kind: 'soup', broth: '#4d7c0f', pieces: '#f97316', leaf: '#166534' },
  },
];
