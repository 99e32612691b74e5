package dev.fluxbench.assess.source;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What the rules need to know of one source file, the same for Java and Kotlin: the types
 * it uses, the calls it makes and where, its declarations. Type names are fully qualified
 * as far as the file's imports and package tell; nothing is compiled.
 *
 * @param path the file, relative to the assessed directory, with forward slashes
 * @param language java or kotlin
 * @param packageName its package, empty for none
 * @param types the types it declares
 * @param typeUses every reference to a type, annotations included, in file order
 * @param calls every method call and constructor call, in file order
 * @param methods the methods (functions) it declares
 * @param fields the fields (properties) it declares
 * @param nativeLines the lines of its native (external) methods
 * @param strings its string literals, each with the line it first appears on
 */
public record SourceFile(String path, String language, String packageName, List<TypeDeclaration> types,
		List<TypeUse> typeUses, List<Call> calls, List<Method> methods, List<Field> fields, List<Integer> nativeLines,
		Map<String, Integer> strings) {

	/** The name a constructor call has in {@link Call#name()}. */
	public static final String CONSTRUCTOR = "<init>";

	public SourceFile {
		types = List.copyOf(types);
		typeUses = List.copyOf(typeUses);
		calls = List.copyOf(calls);
		methods = List.copyOf(methods);
		fields = List.copyOf(fields);
		nativeLines = List.copyOf(nativeLines);
		strings = Map.copyOf(strings);
	}

	public Optional<TypeUse> firstUse(Predicate<String> type) {
		return this.typeUses.stream().filter((use) -> type.test(use.type())).findFirst();
	}

	public boolean uses(Predicate<String> type) {
		return firstUse(type).isPresent();
	}

	/** Whether a type the file declares carries one of these annotations. */
	public boolean declaresTypeAnnotatedWith(Predicate<String> annotation) {
		return this.types.stream().anyMatch((type) -> type.annotations().stream().anyMatch(annotation));
	}

	/** A type declaration: its simple name, line, annotations and supertypes. */
	public record TypeDeclaration(String name, int line, List<String> annotations, List<String> supertypes) {

		public TypeDeclaration {
			annotations = List.copyOf(annotations);
			supertypes = List.copyOf(supertypes);
		}

	}

	/** A reference to a type at a line. */
	public record TypeUse(String type, int line) {

	}

	/**
	 * A call.
	 *
	 * @param name the method's name, or {@link SourceFile#CONSTRUCTOR}
	 * @param receiverType the type of what it is called on (the root of a chain of
	 * calls), the created type for a constructor, or null when unknown or implicit
	 * @param line where
	 * @param synchronizedLine the line of the enclosing synchronized block or method, 0
	 * for none
	 * @param classInit whether it runs while its class initialises: a static initialiser
	 * or a static field's initial value
	 * @param enclosingType the simple name of the type it is in
	 */
	public record Call(String name, String receiverType, int line, int synchronizedLine, boolean classInit,
			String enclosingType) {

		public boolean on(String type) {
			return type.equals(this.receiverType);
		}

	}

	/**
	 * A method or function.
	 *
	 * @param name its name
	 * @param line where it is declared
	 * @param returnType its return type, raw, or "void"
	 * @param parameterTypes its parameters' types, raw
	 * @param annotations its annotations
	 * @param isSynchronized whether it is synchronized
	 * @param enclosingType the simple name of the type it is in
	 */
	public record Method(String name, int line, String returnType, List<String> parameterTypes,
			List<String> annotations, boolean isSynchronized, String enclosingType) {

		public Method {
			parameterTypes = List.copyOf(parameterTypes);
			annotations = List.copyOf(annotations);
		}

	}

	/**
	 * A field or property.
	 *
	 * @param name its name
	 * @param type its type, raw
	 * @param typeArguments its type arguments, raw
	 * @param isStatic whether it is static (or in an object, or top-level in Kotlin)
	 * @param line where
	 * @param initializer how it is initialised: "new Type", "Type.method", or null
	 */
	public record Field(String name, String type, List<String> typeArguments, boolean isStatic, int line,
			String initializer) {

		public Field {
			typeArguments = List.copyOf(typeArguments);
		}

	}

}
