import { placeholderRoute } from "~/components/layout/placeholder-route";

const page = placeholderRoute("subscribe");
export const meta = page.meta;
export default page.Component;
