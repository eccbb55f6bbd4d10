// Loaded after first paint: the animation features of framer-motion used by `m` components.
import { domAnimation } from "framer-motion";
export default domAnimation;
