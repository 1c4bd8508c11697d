import { describeEveryScreenReview } from '../helpers/every-screen.js';

/** Every screen a Horizonte customer reaches, part 1 of 2: axe at 412 and 1280 px, the look at 412 px (tests/helpers/every-screen.ts). */
describeEveryScreenReview('horizonte', { part: 1, of: 2 });
