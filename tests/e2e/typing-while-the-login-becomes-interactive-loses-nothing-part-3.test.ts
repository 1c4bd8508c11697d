import { describeTypingTries } from '../helpers/typing-moments.js';

/** Typing into the server-drawn login on a slow phone loses nothing, part 3 of 3 of the 24 tries (tests/helpers/typing-moments.ts). */
describeTypingTries({ part: 3, of: 3 });
