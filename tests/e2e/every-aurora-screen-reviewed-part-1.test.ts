import { describeEveryScreenReview } from '../helpers/every-screen.js';

/** Every screen an Aurora customer reaches, part 1 of 4: axe at 412 and 1280 px, the look at 412 px (tests/helpers/every-screen.ts). */
describeEveryScreenReview('aurora', { part: 1, of: 4 });
