#!/usr/bin/env node
// The built CLI (`npm run build` writes dist/; `npm install` runs it). From a checkout without a
// build, `npm run plumb -- …` runs the sources instead.
import { cli } from "../dist/cli/main.js";

await cli();
