// The masking library, imported lazily by MaskedInput: its own chunk, named `imask-*.js` after this
// module, so the browser tests can hold it back to act during the plain-to-mask handover.
export { default } from 'imask';
