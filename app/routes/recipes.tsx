import { ChefHat, Clock, Flame } from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import { useDataSaver } from '~/lib/data-saver';
import { responsiveImage } from '~/lib/images';
import { listRecipes } from '#core/recipes/service';
import type { Route } from './+types/recipes';
import { loadCatalogue, loaderHeaders } from '~/lib/route.server';

export const meta: Route.MetaFunction = () => [
  { title: 'Recipes — FreshCatch' },
  {
    name: 'description',
    content: 'Nigerian fish and seafood recipes: pepper soup, banga, grilled croaker and seafood okra.',
  },
];

export const headers = loaderHeaders;

export const loader = loadCatalogue({
  run: async ({ services: { db } }) => ({ recipes: await listRecipes(db) }),
});

export default function RecipesRoute() {
  const { recipes } = useLoaderData<typeof loader>();
  const dataSaver = useDataSaver();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold">Recipes</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Cook the catch: our favourite ways with fresh, smoked and dried fish from the Niger Delta.
      </p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {recipes.map((recipe, index) => (
          <li key={recipe.id} className="flex">
            <Link
              to={`/recipes/${recipe.id}`}
              className="group flex flex-1 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
            >
              <img
                alt=""
                width={800}
                height={600}
                loading={index < 2 ? 'eager' : 'lazy'}
                decoding="async"
                className="aspect-[4/3] w-full object-cover transition-transform group-hover:scale-105"
                {...responsiveImage(
                  recipe.imageUrl,
                  '(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw',
                  dataSaver,
                )}
              />
              <div className="flex flex-1 flex-col gap-2 p-4">
                <h2 className="font-semibold group-hover:text-brand-800">{recipe.title}</h2>
                <p className="text-sm text-slate-700">{recipe.description}</p>
                <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-2 text-xs text-slate-600">
                  <li className="flex items-center gap-1">
                    <Clock aria-hidden="true" className="h-3.5 w-3.5" /> Prep {recipe.prepMinutes} min
                  </li>
                  <li className="flex items-center gap-1">
                    <Flame aria-hidden="true" className="h-3.5 w-3.5" /> Cook {recipe.cookMinutes} min
                  </li>
                  <li className="flex items-center gap-1">
                    <ChefHat aria-hidden="true" className="h-3.5 w-3.5" /> {recipe.difficulty}
                  </li>
                </ul>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
