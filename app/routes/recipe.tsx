import { ArrowLeft, ChefHat, Clock, Flame, Users } from 'lucide-react';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router';
import { ErrorPage } from '~/components/layout/error-page';
import { NotFound } from '~/components/layout/not-found';
import { parseRowIdParam } from '~/lib/errors.server';
import { useDataSaver } from '~/lib/data-saver';
import { previewImage, responsiveImage } from '~/lib/images';
import { formatNaira, perWeightLabel } from '#core/money';
import { getRecipe } from '#core/recipes/service';
import type { Route } from './+types/recipe';
import { isOfflineError } from '~/lib/offline';
import { loadCatalogue, loaderHeaders } from '~/lib/route.server';

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData) return [{ title: 'Recipe not found — FreshCatch' }];
  const { recipe, origin } = loaderData;
  const image = previewImage(recipe.imageUrl);
  return [
    { title: `${recipe.title} — Recipes — FreshCatch` },
    { name: 'description', content: recipe.description },
    { tagName: 'link', rel: 'canonical', href: `${origin}/recipes/${recipe.id}` },
    { property: 'og:title', content: recipe.title },
    { property: 'og:description', content: recipe.description },
    ...(image ? [{ property: 'og:image', content: new URL(image, origin).toString() }] : []),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Recipe',
        name: recipe.title,
        description: recipe.description,
        prepTime: `PT${recipe.prepMinutes}M`,
        cookTime: `PT${recipe.cookMinutes}M`,
        recipeYield: `${recipe.serves} servings`,
        recipeIngredient: recipe.ingredients.map((i) => i.text),
        recipeInstructions: recipe.steps.map((text) => ({ '@type': 'HowToStep', text })),
      },
    },
  ];
};

export const headers = loaderHeaders;

export const loader = loadCatalogue({
  run: async ({ params, services: { db, env } }) => {
    const id = parseRowIdParam(params.id, 'This recipe does not exist.');
    return { recipe: await getRecipe(db, id), origin: env.PUBLIC_URL };
  },
});

export default function RecipeRoute() {
  const { recipe } = useLoaderData<typeof loader>();
  const dataSaver = useDataSaver();
  return (
    <article className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <Link
        to="/recipes"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All recipes
      </Link>
      <div className="mt-4 grid items-start gap-8 md:grid-cols-2">
        <img
          alt=""
          width={800}
          height={600}
          fetchPriority="high"
          className="w-full rounded-xl border border-slate-200"
          {...responsiveImage(recipe.imageUrl, '(min-width: 768px) 50vw, 100vw', dataSaver)}
        />
        <div>
          <h1 className="text-3xl font-bold">{recipe.title}</h1>
          <p className="mt-3 text-slate-700">{recipe.description}</p>
          <ul className="mt-4 grid grid-cols-2 gap-3 text-sm text-slate-800">
            <li className="flex items-center gap-2">
              <Clock aria-hidden="true" className="h-4 w-4 text-brand-700" /> Prep {recipe.prepMinutes} min
            </li>
            <li className="flex items-center gap-2">
              <Flame aria-hidden="true" className="h-4 w-4 text-brand-700" /> Cook {recipe.cookMinutes} min
            </li>
            <li className="flex items-center gap-2">
              <ChefHat aria-hidden="true" className="h-4 w-4 text-brand-700" /> {recipe.difficulty}
            </li>
            <li className="flex items-center gap-2">
              <Users aria-hidden="true" className="h-4 w-4 text-brand-700" /> Serves {recipe.serves}
            </li>
          </ul>
        </div>
      </div>
      <div className="mt-10 grid gap-10 md:grid-cols-[2fr_3fr]">
        <section aria-labelledby="ingredients-heading">
          <h2 id="ingredients-heading" className="text-xl font-semibold">
            Ingredients
          </h2>
          <ul className="mt-4 space-y-3">
            {recipe.ingredients.map((ingredient) => {
              const product = ingredient.productId ? recipe.linkedProducts[ingredient.productId] : undefined;
              return (
                <li
                  key={ingredient.text}
                  className="rounded-md border border-slate-200 bg-white p-3 text-slate-800"
                >
                  {ingredient.text}
                  {product ? (
                    <Link
                      to={`/products/${product.id}`}
                      className="mt-1 block text-sm font-semibold text-brand-700 hover:underline"
                    >
                      Buy {product.name} — {formatNaira(product.priceKobo)}{' '}
                      {perWeightLabel(product.weightGrams)}
                      {product.inStock ? '' : ' (out of stock)'}
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
        <section aria-labelledby="steps-heading">
          <h2 id="steps-heading" className="text-xl font-semibold">
            Method
          </h2>
          <ol className="mt-4 space-y-4">
            {recipe.steps.map((step, index) => (
              <li key={step} className="flex gap-3">
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                  {index + 1}
                </span>
                <p className="pt-1 text-slate-800">{step}</p>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </article>
  );
}

/**
 * A recipe that does not exist: the shop's not-found view inside the page, so this route's meta
 * ('Recipe not found') gives the title.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // Offline is said by the shop's layout.
  if (isOfflineError(error)) throw error;
  return <ErrorPage />;
}
