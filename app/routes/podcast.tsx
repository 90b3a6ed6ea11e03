import { placeholderRoute } from "~/components/layout/placeholder-route";

const page = placeholderRoute("podcast");
export const meta = page.meta;
export default page.Component;
