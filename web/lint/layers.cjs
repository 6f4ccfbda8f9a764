// The web app's layers (bulletproof-react's rule, ../shared/STYLE.md "Direction"): code flows one way,
// shared/ → session/ → api/ → features/ → app/, and a feature never imports another feature. What two
// features share moves down to shared/ (or api/types.ts for a resource's shape); a screen combining
// features is composed in app/routes/. Relative imports are resolved against the importing file.
const path = require('node:path');

const LAYERS = ['shared', 'session', 'api', 'features', 'app'];
const ROOT = path.join('web', 'src');

/** The layer and (for features/) the feature of a path relative to the repository, or null outside web/src. */
function placeOf(file) {
  const relative = path.relative(ROOT, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, second] = relative.split(path.sep);
  // main.ts and anything beside it starts the app: it sits with app/.
  const layer = LAYERS.includes(top) ? top : top.includes('.') ? 'app' : null;
  return layer && { layer, feature: layer === 'features' ? second : null };
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'web/src: imports flow shared → session → api → features → app, and features do not import each other' },
    schema: [],
  },
  create(context) {
    const cwd = context.cwd;
    const from = placeOf(path.relative(cwd, context.filename));
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = placeOf(path.relative(cwd, path.resolve(path.dirname(context.filename), source)));
      if (!target) return;
      if (from.layer === 'features' && target.layer === 'features' && target.feature !== from.feature) {
        context.report({
          node,
          message: `features/${from.feature} may not import features/${target.feature}: move what both need to shared/ (or api/types.ts), or compose the screen in app/routes/.`,
        });
      } else if (LAYERS.indexOf(target.layer) > LAYERS.indexOf(from.layer)) {
        context.report({
          node,
          message: `${from.layer}/ may not import ${target.layer}/: code flows one way, ${LAYERS.join('/ → ')}/.`,
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

module.exports = { rules: { 'one-way': rule } };
