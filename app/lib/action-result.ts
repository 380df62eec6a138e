/** What an action answers when core/ refused the request (see errors.server.ts). */
export interface ActionFailure {
  ok: false;
  error: { title: string; message: string };
  fieldErrors: Record<string, string>;
}
