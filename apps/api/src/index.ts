import { x } from "@listings/contract"; console.log("ok", x satisfies number);
