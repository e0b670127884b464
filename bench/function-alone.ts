/**
 * A child process of the bench (measureAlone): times one function's valid column in a fresh
 * process, alone and after every other function, and prints both (JSON, seconds).
 * Usage: node --expose-gc dist-node/bench/function-alone.js ID ROWS
 */
import { timeValidColumnAlone } from "./function-columns";

const [id, rows] = process.argv.slice(2);
if (id === undefined || !/^[1-9][0-9]*$/.test(rows ?? "")) {
  console.error("usage: function-alone.js FUNCTION_ID ROWS");
  process.exit(2);
}
console.log(JSON.stringify(timeValidColumnAlone(id, Number(rows))));
