// A lint rule: no function or class that takes a name from where it is bound
// is made anew each time code runs (inside a function, or as an instance
// field). The server runs its TypeScript through tsx, which has esbuild keep
// every such name: each one becomes a call that redefines the new function's
// `name`, and V8 turns the function's properties into a dictionary to do it,
// a few microseconds each where the closure itself costs nanoseconds. On the
// paths of every action, change and connection such a closure is a named
// function at module level (its variables as parameters), an anonymous one
// used where it is made, or an object method (`m() {}`, which keeps its name
// for nothing).

const FUNCTION = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);
/** Wrappers the compiler drops, through which a binding still names its function. */
const TRANSPARENT = new Set(["TSAsExpression", "TSSatisfiesExpression", "TSNonNullExpression", "TSTypeAssertion"]);

/** Whether some function encloses `node`. */
function insideFunction(node) {
  for (let n = node.parent; n; n = n.parent) if (FUNCTION.has(n.type)) return true;
  return false;
}

/** The binding that names `node` (a function or class expression) and its name, or null when it stays anonymous. */
function naming(node) {
  if (node.id) return { name: node.id.name, by: node };
  let child = node;
  let parent = node.parent;
  while (parent && TRANSPARENT.has(parent.type)) {
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return null;
  const named = (name) => ({ name, by: parent });
  if (parent.type === "VariableDeclarator" && parent.init === child && parent.id.type === "Identifier") return named(parent.id.name);
  if (parent.type === "AssignmentExpression" && parent.right === child && parent.left.type === "Identifier") return named(parent.left.name);
  if (parent.type === "AssignmentPattern" && parent.right === child && parent.left.type === "Identifier") return named(parent.left.name);
  if (parent.type === "Property" && parent.value === child && !parent.method && !parent.computed && parent.kind === "init") return named(String(parent.key.name ?? parent.key.value));
  if (parent.type === "PropertyDefinition" && parent.value === child && !parent.computed) return named(String(parent.key.name ?? parent.key.value));
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
export const closuresUnnamed = {
  meta: {
    type: "problem",
    docs: { description: "no named closure is made per call on the server's hot paths (tsx keeps names at a runtime cost)" },
    schema: [],
    messages: {
      named: "`{{name}}` is named anew each time this runs, which costs microseconds under tsx: make it a module-level function, an anonymous function used in place, or an object method.",
    },
  },
  create(context) {
    const expression = (node) => {
      const n = naming(node);
      if (n === null) return;
      // an instance field's value is made with every instance
      const field = n.by.type === "PropertyDefinition" && !n.by.static;
      if (field || insideFunction(node)) context.report({ node, messageId: "named", data: { name: n.name } });
    };
    const declaration = (node) => {
      if (node.id && insideFunction(node)) context.report({ node: node.id, messageId: "named", data: { name: node.id.name } });
    };
    return {
      ArrowFunctionExpression: expression,
      FunctionExpression: (node) => {
        // an object or class method is named by its key, which costs nothing
        if (node.parent.type === "MethodDefinition" || (node.parent.type === "Property" && (node.parent.method || node.parent.kind !== "init"))) return;
        expression(node);
      },
      ClassExpression: expression,
      FunctionDeclaration: declaration,
      ClassDeclaration: declaration,
    };
  },
};
