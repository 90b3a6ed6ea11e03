import { placeholderRoute } from "~/components/layout/placeholder-route";

const page = placeholderRoute("episode");
export const meta = page.meta;
export default page.Component;
