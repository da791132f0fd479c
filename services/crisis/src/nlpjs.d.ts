// @nlpjs ships JavaScript without type declarations; these cover what the crisis detector uses.
declare module '@nlpjs/core' {
  export type Container = { use(plugin: unknown): void; get(name: string): unknown };
  export function containerBootstrap(): Promise<Container>;
}
declare module '@nlpjs/nlp' {
  export const Nlp: unknown;
}
declare module '@nlpjs/lang-en-min' {
  export const LangEn: unknown;
}
