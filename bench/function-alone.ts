/**
 * A child process of the bench (measureAlone): times one function's valid column in a process that
 * runs nothing else, and prints the seconds. Usage: node --expose-gc dist-node/bench/function-alone.js ID ROWS
 */
import { timeValidColumnAlone } from "./function-columns";

const [id, rows] = process.argv.slice(2);
if (id === undefined || !/^[1-9][0-9]*$/.test(rows ?? "")) {
  console.error("usage: function-alone.js FUNCTION_ID ROWS");
  process.exit(2);
}
console.log(String(timeValidColumnAlone(id, Number(rows))));
