package compare

// Version is gridsat's version. It is part of every resume key: a run
// recorded by another version is not reused. Bump it when a change can
// change a solver's answer or its time.
const Version = "0.14.0-dev"
