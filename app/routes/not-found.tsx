import { data } from "react-router";

/** Any address no route claims: the translated 404 page with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
