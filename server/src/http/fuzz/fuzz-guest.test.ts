import { fuzzEveryRoute } from './fuzz-routes.ts';

/** R4 for the guest (the four roles run as four files, so two cores share the work). */
fuzzEveryRoute('guest');
