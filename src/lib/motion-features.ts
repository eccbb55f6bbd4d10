// Loaded after first paint: the animation features of framer-motion used by `m` components, and
// AnimatePresence, which only content switches need and only once animations can run.
import { AnimatePresence, domAnimation } from "framer-motion";
export { AnimatePresence };
export default domAnimation;
