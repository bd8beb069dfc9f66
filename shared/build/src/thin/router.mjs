// What the product uses of the router, and nothing more: shared in place of the whole package,
// so the page carries these (about 15 KB gzip) instead of all 66 KB. A component that needs
// another export adds it here.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
