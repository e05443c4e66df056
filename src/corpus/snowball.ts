/** Typed wrapper around the `snowball-stemmers` package (CommonJS, no type declarations). */
import { createRequire } from 'node:module';

interface Stemmer {
  stem(word: string): string;
}
interface SnowballModule {
  newStemmer(language: string): Stemmer;
}

const require = createRequire(import.meta.url);
const snowball = require('snowball-stemmers') as SnowballModule;

export const frenchStemmer: Stemmer = snowball.newStemmer('french');
