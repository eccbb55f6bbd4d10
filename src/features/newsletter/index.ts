export { NewsletterForm } from "./NewsletterForm";
