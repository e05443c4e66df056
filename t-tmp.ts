import { openIndex, defaultTestIndexDir } from './src/corpus/engine.js';
import { loadEvalSet, DEV_SET_PATH } from './scripts/eval-retrieval.js';
let t=performance.now();
const e = openIndex(defaultTestIndexDir());
console.log('load ms', performance.now()-t, 'rss', process.memoryUsage().rss/1e6, 'heap', process.memoryUsage().heapUsed/1e6);
const qs = loadEvalSet(DEV_SET_PATH).flatMap(i=>i.variants);
const times:number[]=[];
for (const q of qs){ const t0=performance.now(); e.search(q,10); times.push(performance.now()-t0); }
times.sort((a,b)=>a-b); console.log('median', times[Math.floor(times.length/2)], 'p99', times[Math.floor(times.length*0.99)], 'max', times[times.length-1]);
const long=['mon proprio refuse de me rendre ma caution alors que j ai rendu les clés il y a deux mois','je me suis fait virer de mon boulot sans lettre est ce que je peux aller aux prud hommes'];
for (const q of long){ const t0=performance.now(); const r=e.search(q,5); console.log(performance.now()-t0, r.map(x=>x.id+' '+x.title)); }
