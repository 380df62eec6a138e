import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';
import { acceptsGzip } from '#server/accept-encoding';
import { keptStylesheet } from '#server/cookies';
import type { ViewerKind } from '#core/roles';
import { isDatabaseUnavailable } from '#db/errors';
import { INLINE_CSS_SLOT, inlineCss } from './lib/inline-css.server';
import { InlineCssProvider, STYLESHEET_FILE } from './lib/inline-css';
import { DataSaverProvider } from './lib/data-saver';
import { InlinePicturesProvider } from './lib/inline-pictures';
import { wantsDataSaver } from '#core/data-saver';
import { NonceProvider } from './lib/nonce';
import { coalesceChunks } from './lib/coalesce-chunks.server';
import { gzipEncoding } from './lib/gzip-document.server';
import { EARLY_TAP_SCRIPT } from './lib/early-taps';
import { HELD_SCRIPTS_SCRIPT, type HeldScriptsHandle } from './lib/held-scripts';
import { rewriteHead } from './lib/script-priority.server';
import { getViewerKind } from './lib/auth/session.server';
import { shop, type ShopContext } from './lib/context';

/**
 * What kind of visitor a page request comes from, for the server's page cache (server/page-cache.ts),
 * looked up exactly as the root loader looks it up and remembered on the same load context, so a page
 * rendered afterwards reads the same answer without a second lookup.
 */
export function pageViewer(request: Request, context: ShopContext): Promise<ViewerKind> {
  return getViewerKind(request, context);
}

/** The router context of one request, made here so its keys are this build's (server/app.ts). */
export { shopContext as requestContext } from './lib/context';

export const streamTimeout = 5_000;

/** Whether a route of this page asks for its pictures before its scripts (app/lib/held-scripts.ts). */
function picturesBeforeScripts(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some(
    (match) =>
      (context.routeModules[match.route.id]?.handle as HeldScriptsHandle | undefined)
        ?.picturesBeforeScripts === true,
  );
}

/**
 * Every error a loader or action did not handle passes here (React Router then renders the error
 * boundary). One that means the database is briefly away is remembered for this request, so the
 * server answers 503 with Retry-After instead of 500 (server/react-router-handler.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    shop(context).requestState.databaseUnavailable = true;
    shop(context).services.logger.warn({ err: error, url: request.url }, 'database unavailable');
    return;
  }
  shop(context).services.logger.error({ err: error, url: request.url }, 'request failed');
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: ShopContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and link-preview bots get the whole page at once; people get it streamed.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const nonce = shop(loadContext).cspNonce;
    // Pages go out gzipped with the stylesheet deflated once for all of them, not compressed again
    // for each (decision 031).
    const gzip = acceptsGzip(request.headers.get('accept-encoding'));
    // The phone's service worker holds this very stylesheet: link it, ~9 KB less (decision 048).
    const linkStylesheet = keptStylesheet(request.headers.get('cookie')) === STYLESHEET_FILE;
    // Smallest pictures for a buyer saving data (core/data-saver.ts).
    const dataSaver = wantsDataSaver(request.headers.get('cookie'), request.headers.get('save-data'));
    // A catalogue page's pictures come through the phone's link before its scripts (decision 051);
    // a phone whose worker holds the scripts takes them from there, with nothing to wait for.
    const holdScripts = !linkStylesheet && picturesBeforeScripts(routerContext);
    // Its first pictures paint from copies in the page (decision 054); not for a buyer saving data.
    const inlinePictures = holdScripts && !dataSaver ? shop(loadContext).services.inlinePictures : null;
    // A render still under way after the stream timeout is aborted, so its rejected boundaries flush.
    // The timer is cleared once the page is written: left to run, it kept every finished render (its
    // tree, data and chunks) alive for six seconds, ~2,000 of them in a busy process (decision 030).
    let timeout: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const stopTimeout = () => {
      settled = true;
      clearTimeout(timeout);
      timeout = undefined;
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={linkStylesheet ? null : INLINE_CSS_SLOT}>
          <DataSaverProvider value={dataSaver}>
            <InlinePicturesProvider value={inlinePictures ? (url) => inlinePictures.get(url) : null}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </InlinePicturesProvider>
          </DataSaverProvider>
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              stopTimeout();
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(
            body
              .pipe(
                rewriteHead({
                  append:
                    `<script nonce="${nonce}">${EARLY_TAP_SCRIPT}</script>` +
                    (holdScripts ? `<script nonce="${nonce}">${HELD_SCRIPTS_SCRIPT}</script>` : ''),
                  fill: { slot: INLINE_CSS_SLOT, bytes: inlineCss.bytes },
                  holdScripts,
                }),
              )
              // A HEAD's body is never sent: its headers say gzip, as a GET's do, without the work.
              .pipe(
                coalesceChunks(
                  gzip && request.method !== 'HEAD'
                    ? gzipEncoding({ level: 6, precompressed: inlineCss })
                    : undefined,
                ),
              ),
          );
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          responseHeaders.append('Vary', 'Accept-Encoding');
          // Set here, the compression middleware leaves the page alone (a client that takes no gzip
          // gets it from the middleware, as every other answer).
          if (gzip) responseHeaders.set('Content-Encoding', 'gzip');
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          stopTimeout();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // Started once the render exists (a render that failed to start leaves no timer to call it).
    if (!settled) timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
