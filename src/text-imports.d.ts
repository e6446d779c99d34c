// Files bundled as text (`import source from "./x.c" with { type: "text" }`): the C source of grep's prefilter.
declare module "*.c" {
  const text: string;
  export default text;
}
