// What the product uses of rxjs, and nothing more: shared in place of the whole package (a shared
// module is never tree-shaken). A module that needs another export adds it here; the build warns
// of an export that is missing.
export { BehaviorSubject, distinctUntilChanged, filter, map, Subject } from 'rxjs-package';
