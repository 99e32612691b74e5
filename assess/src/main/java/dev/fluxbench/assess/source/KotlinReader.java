package dev.fluxbench.assess.source;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jetbrains.kotlin.cli.common.messages.MessageCollector;
import org.jetbrains.kotlin.cli.jvm.compiler.EnvironmentConfigFiles;
import org.jetbrains.kotlin.cli.jvm.compiler.KotlinCoreEnvironment;
import org.jetbrains.kotlin.com.intellij.openapi.Disposable;
import org.jetbrains.kotlin.com.intellij.openapi.util.Disposer;
import org.jetbrains.kotlin.com.intellij.psi.PsiElement;
import org.jetbrains.kotlin.com.intellij.psi.util.PsiTreeUtil;
import org.jetbrains.kotlin.config.CommonConfigurationKeys;
import org.jetbrains.kotlin.config.CompilerConfiguration;
import org.jetbrains.kotlin.lexer.KtTokens;
import org.jetbrains.kotlin.psi.KtAnnotationEntry;
import org.jetbrains.kotlin.psi.KtAnonymousInitializer;
import org.jetbrains.kotlin.psi.KtCallExpression;
import org.jetbrains.kotlin.psi.KtClassOrObject;
import org.jetbrains.kotlin.psi.KtExpression;
import org.jetbrains.kotlin.psi.KtFile;
import org.jetbrains.kotlin.psi.KtImportDirective;
import org.jetbrains.kotlin.psi.KtLambdaExpression;
import org.jetbrains.kotlin.psi.KtModifierListOwner;
import org.jetbrains.kotlin.psi.KtNameReferenceExpression;
import org.jetbrains.kotlin.psi.KtNamedFunction;
import org.jetbrains.kotlin.psi.KtObjectDeclaration;
import org.jetbrains.kotlin.psi.KtParameter;
import org.jetbrains.kotlin.psi.KtProperty;
import org.jetbrains.kotlin.psi.KtPsiFactory;
import org.jetbrains.kotlin.psi.KtQualifiedExpression;
import org.jetbrains.kotlin.psi.KtStringTemplateExpression;
import org.jetbrains.kotlin.psi.KtSuperTypeListEntry;
import org.jetbrains.kotlin.psi.KtThisExpression;
import org.jetbrains.kotlin.psi.KtTypeReference;
import org.jetbrains.kotlin.psi.KtUserType;

/**
 * Reads the facts of a Kotlin source file with the Kotlin compiler's own parser (its
 * PSI), without compiling anything.
 */
final class KotlinReader {

	private static final String SYNCHRONIZED = "kotlin.jvm.Synchronized";

	/**
	 * The compiler's environment takes a second or two to create, so one serves every
	 * file of every assessment in a JVM; it is never disposed before the JVM ends.
	 */
	private static volatile KtPsiFactory factory;

	private static KtPsiFactory factory() {
		KtPsiFactory current = factory;
		if (current == null) {
			synchronized (KotlinReader.class) {
				current = factory;
				if (current == null) {
					Disposable root = Disposer.newDisposable("fluxbench-assess");
					CompilerConfiguration configuration = new CompilerConfiguration();
					configuration.put(CommonConfigurationKeys.MESSAGE_COLLECTOR_KEY,
							MessageCollector.Companion.getNONE());
					configuration.put(CommonConfigurationKeys.MODULE_NAME, "fluxbench-assess");
					KotlinCoreEnvironment environment = KotlinCoreEnvironment.createForProduction(root, configuration,
							EnvironmentConfigFiles.JVM_CONFIG_FILES);
					current = new KtPsiFactory(environment.getProject(), false);
					factory = current;
				}
			}
		}
		return current;
	}

	SourceFile read(String path, String text) {
		// The PSI is not documented as safe to share between threads, and a file is
		// parsed
		// lazily as it is walked: the whole read holds the lock. Kotlin files are few
		// beside Java ones, which are read in parallel.
		synchronized (KotlinReader.class) {
			KtFile file = factory().createFile(path.substring(path.lastIndexOf('/') + 1), text.replace("\r\n", "\n"));
			return new Facts(path, file).read();
		}
	}

	private static final class Facts {

		private final String path;

		private final KtFile file;

		private final int[] lineStarts;

		private final TypeNames names;

		private final String packageName;

		private final Map<String, String> variableTypes = new HashMap<>();

		Facts(String path, KtFile file) {
			this.path = path;
			this.file = file;
			this.lineStarts = lineStarts(file.getText());
			this.packageName = file.getPackageFqName().asString();
			this.names = new TypeNames(this.packageName, true);
		}

		SourceFile read() {
			for (KtImportDirective directive : this.file.getImportDirectives()) {
				if (directive.getImportedFqName() == null) {
					continue;
				}
				String name = directive.getImportedFqName().asString();
				if (directive.isAllUnder()) {
					this.names.importWildcard(name);
				}
				else {
					String simple = name.substring(name.lastIndexOf('.') + 1);
					if (!simple.isEmpty() && Character.isLowerCase(simple.charAt(0))) {
						this.names.importStatic(simple, name.substring(0, Math.max(0, name.lastIndexOf('.'))));
					}
					else {
						this.names.importType(name, directive.getAliasName());
					}
				}
			}
			Collection<KtClassOrObject> classes = all(KtClassOrObject.class);
			classes.stream()
				.filter((type) -> type.getName() != null)
				.forEach((type) -> this.names.declare(type.getName()));
			for (KtParameter parameter : all(KtParameter.class)) {
				if (parameter.getName() != null && parameter.getTypeReference() != null) {
					this.variableTypes.putIfAbsent(parameter.getName(), typeOf(parameter.getTypeReference()));
				}
			}
			List<SourceFile.Field> fields = new ArrayList<>();
			for (KtProperty property : all(KtProperty.class)) {
				String type = (property.getTypeReference() != null) ? typeOf(property.getTypeReference())
						: initializedType(property.getInitializer());
				if (property.getName() != null && type != null) {
					this.variableTypes.putIfAbsent(property.getName(), type);
				}
				if (property.isLocal()) {
					continue;
				}
				fields.add(new SourceFile.Field(String.valueOf(property.getName()), (type != null) ? type : "",
						typeArguments(property.getTypeReference()), isStatic(property), line(property),
						initializer(property.getInitializer())));
			}
			List<SourceFile.TypeDeclaration> types = new ArrayList<>();
			for (KtClassOrObject type : classes) {
				List<String> supertypes = type.getSuperTypeListEntries()
					.stream()
					.map(KtSuperTypeListEntry::getTypeReference)
					.filter((reference) -> reference != null)
					.map(this::typeOf)
					.toList();
				types.add(new SourceFile.TypeDeclaration(String.valueOf(type.getName()), line(type), annotations(type),
						supertypes));
			}
			List<SourceFile.TypeUse> uses = new ArrayList<>();
			for (KtUserType type : all(KtUserType.class)) {
				if (!(type.getParent() instanceof KtUserType)) {
					uses.add(new SourceFile.TypeUse(this.names.resolve(type.getText()), line(type)));
				}
			}
			List<SourceFile.Call> calls = new ArrayList<>();
			for (KtCallExpression call : all(KtCallExpression.class)) {
				KtExpression callee = call.getCalleeExpression();
				if (callee == null) {
					continue;
				}
				String name = callee.getText();
				String receiver = receiverType(call);
				boolean constructor = receiver == null && !name.isEmpty() && Character.isUpperCase(name.charAt(0));
				if (constructor) {
					String type = this.names.resolve(name);
					uses.add(new SourceFile.TypeUse(type, line(call)));
					calls.add(new SourceFile.Call(SourceFile.CONSTRUCTOR, type, line(call), synchronizedLine(call),
							classInit(call), enclosingType(call)));
				}
				else {
					if (receiver != null && !receiver.isEmpty()) {
						uses.add(new SourceFile.TypeUse(receiver, line(call)));
					}
					calls.add(new SourceFile.Call(name, receiver, line(call), synchronizedLine(call), classInit(call),
							enclosingType(call)));
				}
			}
			uses.sort((left, right) -> Integer.compare(left.line(), right.line()));
			List<SourceFile.Method> methods = new ArrayList<>();
			List<Integer> nativeLines = new ArrayList<>();
			for (KtNamedFunction function : all(KtNamedFunction.class)) {
				List<String> annotations = annotations(function);
				String returnType = (function.getTypeReference() != null) ? typeOf(function.getTypeReference())
						: "kotlin.Unit";
				methods.add(new SourceFile.Method(String.valueOf(function.getName()), line(function), returnType,
						function.getValueParameters()
							.stream()
							.map((parameter) -> (parameter.getTypeReference() != null)
									? typeOf(parameter.getTypeReference()) : "")
							.toList(),
						annotations, annotations.contains(SYNCHRONIZED), enclosingType(function)));
				if (function.hasModifier(KtTokens.EXTERNAL_KEYWORD)) {
					nativeLines.add(line(function));
				}
			}
			Map<String, Integer> strings = new LinkedHashMap<>();
			for (KtStringTemplateExpression literal : all(KtStringTemplateExpression.class)) {
				String text = literal.getText();
				if (text.length() >= 2 && text.startsWith("\"") && text.endsWith("\"") && !text.startsWith("\"\"\"")) {
					strings.putIfAbsent(text.substring(1, text.length() - 1), line(literal));
				}
			}
			return new SourceFile(this.path, "kotlin", this.packageName, types, uses, calls, methods, fields,
					nativeLines, strings);
		}

		private <T extends PsiElement> Collection<T> all(Class<T> type) {
			return PsiTreeUtil.collectElementsOfType(this.file, type);
		}

		private String typeOf(KtTypeReference reference) {
			String text = reference.getText();
			return this.names.resolve(text.endsWith("?") ? text.substring(0, text.length() - 1) : text);
		}

		private List<String> typeArguments(KtTypeReference reference) {
			if (reference == null || !(reference.getTypeElement() instanceof KtUserType user)) {
				return List.of();
			}
			return user.getTypeArgumentsAsTypes()
				.stream()
				.filter((argument) -> argument != null)
				.map(this::typeOf)
				.toList();
		}

		private List<String> annotations(KtModifierListOwner owner) {
			List<String> annotations = new ArrayList<>();
			if (owner.getModifierList() != null) {
				for (KtAnnotationEntry entry : owner.getModifierList().getAnnotationEntries()) {
					if (entry.getTypeReference() != null) {
						annotations.add(typeOf(entry.getTypeReference()));
					}
				}
			}
			return annotations;
		}

		/**
		 * The type a property is initialised with when it does not say: Type(…) or
		 * Type.of(…).
		 */
		private String initializedType(KtExpression initializer) {
			if (initializer instanceof KtCallExpression call && call.getCalleeExpression() != null) {
				String name = call.getCalleeExpression().getText();
				return (!name.isEmpty() && Character.isUpperCase(name.charAt(0))) ? this.names.resolve(name) : null;
			}
			return null;
		}

		private String initializer(KtExpression initializer) {
			if (initializer instanceof KtCallExpression call && call.getCalleeExpression() != null) {
				String name = call.getCalleeExpression().getText();
				return (!name.isEmpty() && Character.isUpperCase(name.charAt(0))) ? "new " + this.names.resolve(name)
						: name;
			}
			if (initializer instanceof KtQualifiedExpression qualified
					&& qualified.getSelectorExpression() instanceof KtCallExpression call
					&& call.getCalleeExpression() != null) {
				String receiver = receiverType(call);
				return ((receiver != null) ? receiver + "." : "") + call.getCalleeExpression().getText();
			}
			return null;
		}

		/** The type of what a call is made on: the root of its chain of calls. */
		private String receiverType(KtCallExpression call) {
			PsiElement parent = call.getParent();
			if (!(parent instanceof KtQualifiedExpression qualified) || qualified.getSelectorExpression() != call) {
				String owner = this.names.staticOwner(String
					.valueOf((call.getCalleeExpression() != null) ? call.getCalleeExpression().getText() : ""));
				return owner;
			}
			KtExpression root = qualified.getReceiverExpression();
			KtExpression previous = null;
			while (root instanceof KtQualifiedExpression inner) {
				previous = inner.getSelectorExpression();
				root = inner.getReceiverExpression();
			}
			if (root instanceof KtThisExpression) {
				if (previous instanceof KtNameReferenceExpression field) {
					return this.variableTypes.get(field.getReferencedName());
				}
				return null;
			}
			if (root instanceof KtCallExpression rootCall && rootCall.getCalleeExpression() != null) {
				String name = rootCall.getCalleeExpression().getText();
				return (!name.isEmpty() && Character.isUpperCase(name.charAt(0))) ? this.names.resolve(name) : null;
			}
			if (root instanceof KtNameReferenceExpression reference) {
				String name = reference.getReferencedName();
				if (this.variableTypes.containsKey(name)) {
					return this.variableTypes.get(name);
				}
				return (!name.isEmpty() && Character.isUpperCase(name.charAt(0))) ? this.names.resolve(name) : null;
			}
			return null;
		}

		private int synchronizedLine(PsiElement element) {
			PsiElement current = element.getParent();
			while (current != null && !(current instanceof KtFile)) {
				if (current instanceof KtLambdaExpression lambda) {
					KtCallExpression owner = PsiTreeUtil.getParentOfType(lambda, KtCallExpression.class);
					if (owner != null && owner.getCalleeExpression() != null
							&& "synchronized".equals(owner.getCalleeExpression().getText())
							&& owner.getLambdaArguments()
								.stream()
								.anyMatch((argument) -> argument.getLambdaExpression() == lambda)) {
						return line(owner);
					}
					return 0;
				}
				if (current instanceof KtNamedFunction function) {
					return annotations(function).contains(SYNCHRONIZED) ? line(function) : 0;
				}
				if (current instanceof KtClassOrObject) {
					return 0;
				}
				current = current.getParent();
			}
			return 0;
		}

		private boolean classInit(PsiElement element) {
			PsiElement current = element.getParent();
			while (current != null && !(current instanceof KtFile)) {
				if (current instanceof KtNamedFunction || current instanceof KtLambdaExpression) {
					return false;
				}
				if (current instanceof KtProperty property) {
					return !property.isLocal() && isStatic(property);
				}
				if (current instanceof KtAnonymousInitializer) {
					return PsiTreeUtil.getParentOfType(current, KtClassOrObject.class) instanceof KtObjectDeclaration;
				}
				current = current.getParent();
			}
			return false;
		}

		private static boolean isStatic(KtProperty property) {
			return property.isTopLevel()
					|| PsiTreeUtil.getParentOfType(property, KtClassOrObject.class) instanceof KtObjectDeclaration;
		}

		private static String enclosingType(PsiElement element) {
			KtClassOrObject type = PsiTreeUtil.getParentOfType(element, KtClassOrObject.class);
			return (type != null && type.getName() != null) ? type.getName() : "";
		}

		private int line(PsiElement element) {
			int offset = element.getTextRange().getStartOffset();
			int index = Arrays.binarySearch(this.lineStarts, offset);
			return (index >= 0) ? index + 1 : -index - 1;
		}

		private static int[] lineStarts(String text) {
			List<Integer> starts = new ArrayList<>();
			starts.add(0);
			for (int i = 0; i < text.length(); i++) {
				if (text.charAt(i) == '\n') {
					starts.add(i + 1);
				}
			}
			return starts.stream().mapToInt(Integer::intValue).toArray();
		}

	}

}
