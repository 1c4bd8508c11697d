/**
 * The HTTP protocol between renderer (or a native wrapper) and server.
 * Every screen request carries the client's version and the component types it can draw.
 */
export const RENDERER_VERSION_HEADER = 'x-renderer-version';
export const RENDERER_CAPABILITIES_HEADER = 'x-renderer-capabilities';
/**
 * Sent with `wait` when the client asks again for a screen it was given with a part pending (a
 * `pending` node): the server then waits for every part, up to the screen's deadline, instead of
 * drawing the screen without the parts past their budget.
 */
export const SCREEN_PARTS_HEADER = 'x-screen-parts';
export const SCREEN_PARTS_WAIT = 'wait';
/**
 * Sent with `inline` on an action: when the answer moves the client to another screen (`navigate`,
 * or a `snackbar` with `to`), the server composes that screen in the same request and puts its
 * document in the answer's `screen`: one round trip instead of two. It is sent with the renderer's
 * version and capabilities, which the composition reads as a screen request's.
 */
export const NEXT_SCREEN_HEADER = 'x-next-screen';
export const NEXT_SCREEN_INLINE = 'inline';
/** Fixed custom header every non-GET request must carry (a cross-site form cannot set it). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'consorcio-app';
/** Set by native wrappers; gates bridge features (evaluation modal, biometrics, share). */
export const CLIENT_PLATFORM_HEADER = 'x-client-platform';
/** Set by native wrappers: their app version (e.g. 1.70.00), checked against the mandatory versions of `versoes`. */
export const CLIENT_APP_VERSION_HEADER = 'x-app-version';
/** The field of a bridge action's `then: submit` body that carries the wrapper's answer (biometric credential, push token). */
export const BRIDGE_ANSWER_FIELD = 'resposta';
