package dev.fluxbench.assess.source;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.InitializerDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.ThisExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithAnnotations;
import com.github.javaparser.ast.stmt.SynchronizedStmt;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.Type;

/** Reads the facts of a Java source file with JavaParser. */
final class JavaReader {

	private final ThreadLocal<JavaParser> parsers = ThreadLocal
		.withInitial(() -> new JavaParser(new ParserConfiguration().setAttributeComments(false)
			// The newest grammar: RAW would be cheaper but reads yield, records and
			// other recent syntax as a Java 1.0 parser would, and fails on them.
			.setLanguageLevel(ParserConfiguration.LanguageLevel.BLEEDING_EDGE)));

	SourceFile read(String path, String text) {
		ParseResult<CompilationUnit> result = this.parsers.get().parse(text);
		CompilationUnit unit = result.getResult()
			.filter((parsed) -> result.isSuccessful())
			.orElseThrow(() -> new IllegalArgumentException(result.getProblems().isEmpty() ? "cannot be parsed"
					: result.getProblems().get(0).getVerboseMessage().lines().findFirst().orElse("")));
		String packageName = unit.getPackageDeclaration()
			.map((declaration) -> declaration.getNameAsString())
			.orElse("");
		TypeNames names = new TypeNames(packageName, false);
		for (ImportDeclaration declaration : unit.getImports()) {
			String name = declaration.getNameAsString();
			if (declaration.isStatic()) {
				if (declaration.isAsterisk()) {
					continue;
				}
				names.importStatic(name.substring(name.lastIndexOf('.') + 1), name.substring(0, name.lastIndexOf('.')));
			}
			else if (declaration.isAsterisk()) {
				names.importWildcard(name);
			}
			else {
				names.importType(name, null);
			}
		}
		unit.findAll(TypeDeclaration.class).forEach((type) -> names.declare(type.getNameAsString()));
		return new Facts(path, packageName, names, unit).read();
	}

	private static int line(Node node) {
		return node.getBegin().map((position) -> position.line).orElse(0);
	}

	private static final class Facts {

		private final String path;

		private final String packageName;

		private final TypeNames names;

		private final CompilationUnit unit;

		private final Map<String, String> fieldTypes = new HashMap<>();

		private final Map<Node, Map<String, String>> localsByCallable = new HashMap<>();

		Facts(String path, String packageName, TypeNames names, CompilationUnit unit) {
			this.path = path;
			this.packageName = packageName;
			this.names = names;
			this.unit = unit;
		}

		SourceFile read() {
			List<SourceFile.TypeDeclaration> types = new ArrayList<>();
			for (TypeDeclaration<?> type : this.unit.findAll(TypeDeclaration.class)) {
				List<String> supertypes = new ArrayList<>();
				type.findAll(ClassOrInterfaceType.class, (candidate) -> isSupertype(type, candidate))
					.forEach((supertype) -> supertypes.add(resolve(supertype)));
				types.add(new SourceFile.TypeDeclaration(type.getNameAsString(), line(type), annotations(type),
						supertypes));
			}
			List<SourceFile.Field> fields = new ArrayList<>();
			for (FieldDeclaration field : this.unit.findAll(FieldDeclaration.class)) {
				for (VariableDeclarator variable : field.getVariables()) {
					String type = resolve(variable.getType());
					this.fieldTypes.putIfAbsent(variable.getNameAsString(), type);
					fields.add(new SourceFile.Field(variable.getNameAsString(), type, typeArguments(variable.getType()),
							field.isStatic(), line(variable), initializer(variable.getInitializer())));
				}
			}
			List<SourceFile.TypeUse> uses = new ArrayList<>();
			this.unit.walk(Node.TreeTraversal.PREORDER, (node) -> {
				if (node instanceof ClassOrInterfaceType type) {
					uses.add(new SourceFile.TypeUse(resolve(type), line(type)));
				}
				else if (node instanceof AnnotationExpr annotation) {
					uses.add(
							new SourceFile.TypeUse(this.names.resolve(annotation.getNameAsString()), line(annotation)));
				}
				else if (node instanceof NameExpr name && isTypeName(name)) {
					uses.add(new SourceFile.TypeUse(this.names.resolve(name.getNameAsString()), line(name)));
				}
			});
			List<SourceFile.Call> calls = new ArrayList<>();
			this.unit.walk(Node.TreeTraversal.PREORDER, (node) -> {
				if (node instanceof MethodCallExpr call) {
					calls.add(new SourceFile.Call(call.getNameAsString(), receiverType(call), line(call),
							synchronizedLine(call), classInit(call), enclosingType(call)));
				}
				else if (node instanceof ObjectCreationExpr creation) {
					calls.add(new SourceFile.Call(SourceFile.CONSTRUCTOR, resolve(creation.getType()), line(creation),
							synchronizedLine(creation), classInit(creation), enclosingType(creation)));
				}
			});
			List<SourceFile.Method> methods = new ArrayList<>();
			List<Integer> nativeLines = new ArrayList<>();
			for (MethodDeclaration method : this.unit.findAll(MethodDeclaration.class)) {
				methods.add(new SourceFile.Method(method.getNameAsString(), line(method), resolve(method.getType()),
						method.getParameters().stream().map((parameter) -> resolve(parameter.getType())).toList(),
						annotations(method), method.isSynchronized(), enclosingType(method)));
				if (method.isNative()) {
					nativeLines.add(line(method));
				}
			}
			Map<String, Integer> strings = new LinkedHashMap<>();
			this.unit.findAll(StringLiteralExpr.class)
				.forEach((literal) -> strings.putIfAbsent(literal.getValue(), line(literal)));
			return new SourceFile(this.path, "java", this.packageName, types, uses, calls, methods, fields, nativeLines,
					strings);
		}

		private static boolean isSupertype(TypeDeclaration<?> type, ClassOrInterfaceType candidate) {
			return candidate.getParentNode().filter((parent) -> parent == type).isPresent();
		}

		private List<String> annotations(NodeWithAnnotations<?> annotated) {
			return annotated.getAnnotations()
				.stream()
				.map((annotation) -> this.names.resolve(annotation.getNameAsString()))
				.toList();
		}

		private String resolve(Type type) {
			if (type instanceof ClassOrInterfaceType classType) {
				return resolve(classType);
			}
			return TypeNames.raw(type.asString());
		}

		private String resolve(ClassOrInterfaceType type) {
			return this.names.resolve(type.getNameWithScope());
		}

		private List<String> typeArguments(Type type) {
			if (type instanceof ClassOrInterfaceType classType) {
				return classType.getTypeArguments()
					.map((arguments) -> arguments.stream().map(this::resolve).toList())
					.orElse(List.of());
			}
			return List.of();
		}

		private String initializer(Optional<Expression> value) {
			if (value.isEmpty()) {
				return null;
			}
			Expression expression = value.get();
			if (expression instanceof ObjectCreationExpr creation) {
				return "new " + resolve(creation.getType())
						+ (creation.getAnonymousClassBody().isPresent() ? " {}" : "");
			}
			if (expression instanceof MethodCallExpr call) {
				String receiver = receiverType(call);
				return ((receiver != null) ? receiver + "." : "") + call.getNameAsString();
			}
			return null;
		}

		/**
		 * A NameExpr that names a type, as the Executors of Executors.newFixedThreadPool.
		 */
		private boolean isTypeName(NameExpr name) {
			String text = name.getNameAsString();
			return Character.isUpperCase(text.charAt(0)) && variableType(name, text) == null
					&& name.getParentNode()
						.filter((parent) -> parent instanceof MethodCallExpr || parent instanceof FieldAccessExpr)
						.isPresent()
					&& (this.names.knows(text) || !text.chars()
						.allMatch((c) -> Character.isUpperCase(c) || c == '_' || Character.isDigit(c)));
		}

		private String receiverType(MethodCallExpr call) {
			Optional<Expression> scope = call.getScope();
			if (scope.isEmpty()) {
				return this.names.staticOwner(call.getNameAsString());
			}
			Expression root = scope.get();
			while (true) {
				if (root instanceof MethodCallExpr inner && inner.getScope().isPresent()) {
					root = inner.getScope().get();
				}
				else if (root instanceof MethodCallExpr inner) {
					return this.names.staticOwner(inner.getNameAsString());
				}
				else {
					break;
				}
			}
			if (root instanceof ObjectCreationExpr creation) {
				return resolve(creation.getType());
			}
			if (root instanceof FieldAccessExpr access) {
				if (access.getScope() instanceof ThisExpr) {
					return this.fieldTypes.get(access.getNameAsString());
				}
				return this.names.resolve(access.toString());
			}
			if (root instanceof NameExpr name) {
				String text = name.getNameAsString();
				String variable = variableType(name, text);
				if (variable != null) {
					return variable;
				}
				return Character.isUpperCase(text.charAt(0)) ? this.names.resolve(text) : null;
			}
			return null;
		}

		/** The declared type of a local, parameter or field by this name, or null. */
		private String variableType(Node at, String name) {
			Optional<Node> callable = at.findAncestor(CallableDeclaration.class).map(Node.class::cast);
			if (callable.isPresent()) {
				Map<String, String> locals = this.localsByCallable.computeIfAbsent(callable.get(), this::locals);
				if (locals.containsKey(name)) {
					return locals.get(name);
				}
			}
			return this.fieldTypes.get(name);
		}

		private Map<String, String> locals(Node callable) {
			Map<String, String> locals = new HashMap<>();
			callable.findAll(Parameter.class)
				.forEach((parameter) -> locals.putIfAbsent(parameter.getNameAsString(), resolve(parameter.getType())));
			callable.findAll(VariableDeclarator.class)
				.stream()
				.filter((variable) -> !variable.getType().isVarType())
				.forEach((variable) -> locals.putIfAbsent(variable.getNameAsString(), resolve(variable.getType())));
			callable.findAll(VariableDeclarator.class)
				.stream()
				.filter((variable) -> variable.getType().isVarType())
				.forEach((variable) -> variable.getInitializer()
					.filter(ObjectCreationExpr.class::isInstance)
					.ifPresent((value) -> locals.putIfAbsent(variable.getNameAsString(),
							resolve(((ObjectCreationExpr) value).getType()))));
			return locals;
		}

		private static int synchronizedLine(Node node) {
			Node current = node.getParentNode().orElse(null);
			while (current != null) {
				if (current instanceof SynchronizedStmt block) {
					return line(block);
				}
				if (current instanceof LambdaExpr || current instanceof TypeDeclaration) {
					return 0;
				}
				if (current instanceof MethodDeclaration method) {
					return method.isSynchronized() ? line(method) : 0;
				}
				current = current.getParentNode().orElse(null);
			}
			return 0;
		}

		private static boolean classInit(Node node) {
			Node current = node.getParentNode().orElse(null);
			while (current != null) {
				if (current instanceof InitializerDeclaration initializer) {
					return initializer.isStatic();
				}
				if (current instanceof FieldDeclaration field) {
					return field.isStatic();
				}
				if (current instanceof LambdaExpr || current instanceof BodyDeclaration) {
					return false;
				}
				current = current.getParentNode().orElse(null);
			}
			return false;
		}

		private static String enclosingType(Node node) {
			return node.findAncestor(TypeDeclaration.class).map(TypeDeclaration::getNameAsString).orElse("");
		}

	}

}
