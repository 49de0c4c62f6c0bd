// Bundles the server and the workspace packages it imports (TypeScript sources) into dist/main.js.
// Third-party packages stay external: they are installed in node_modules and some ship native or wasm parts.
import { build } from "esbuild";

const workspacePackage = /^@market\//;

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "externalize-third-party",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          workspacePackage.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
