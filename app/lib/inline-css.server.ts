// The whole stylesheet (Tailwind, ~6.5 KB gzip), inlined into the server's HTML so the first paint
// waits for nothing but the page itself: on a weak mobile link a separate stylesheet request queues
// behind the scripts. Only the server imports this, so no script carries it.
import css from '../app.css?inline';

export default css;
