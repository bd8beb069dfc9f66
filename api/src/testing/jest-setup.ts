// A suite's first real database may be built from scratch: a few seconds on PGlite alone, but
// when the suite starts beside the production build and the other suites on two cores, the
// migrations of an embedded database have been seen to take over 30 s.
jest.setTimeout(90_000);
