package dev.fluxbench.assess.source;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the type names a file writes into qualified ones, from its package, imports and
 * declarations, the way the compiler would for the common cases. A name under several
 * wildcard imports takes the first; nothing here needs the libraries' jars.
 */
final class TypeNames {

	private static final Set<String> JAVA_LANG = Set.of("Thread", "ThreadLocal", "InheritableThreadLocal", "System",
			"Runtime", "Object", "String", "Class", "Math", "Runnable", "Integer", "Long", "Boolean", "Exception",
			"RuntimeException", "Iterable", "Override", "Deprecated", "SuppressWarnings", "FunctionalInterface",
			"Record", "Enum", "StringBuilder", "ProcessBuilder", "Process", "ClassLoader", "Character", "Byte", "Short",
			"Double", "Float", "Number", "Void", "AutoCloseable", "Comparable", "InterruptedException",
			"IllegalStateException", "IllegalArgumentException", "SafeVarargs", "Error", "Throwable", "ScopedValue",
			"CharSequence", "Cloneable");

	/** What Kotlin imports by default, as far as the rules care. */
	private static final Map<String, String> KOTLIN_DEFAULTS = Map.of("Thread", "java.lang.Thread", "ThreadLocal",
			"java.lang.ThreadLocal", "Synchronized", "kotlin.jvm.Synchronized", "System", "java.lang.System", "String",
			"kotlin.String", "Any", "kotlin.Any", "Unit", "kotlin.Unit");

	private final String packageName;

	private final Map<String, String> singles = new HashMap<>();

	private final List<String> wildcards = new ArrayList<>();

	private final Map<String, String> staticMembers = new HashMap<>();

	private final Set<String> declared = new HashSet<>();

	private final boolean kotlin;

	TypeNames(String packageName, boolean kotlin) {
		this.packageName = packageName;
		this.kotlin = kotlin;
	}

	void importType(String qualified, String alias) {
		String simple = (alias != null) ? alias : qualified.substring(qualified.lastIndexOf('.') + 1);
		this.singles.put(simple, qualified);
	}

	void importWildcard(String packageOrType) {
		this.wildcards.add(packageOrType);
	}

	void importStatic(String member, String ownerType) {
		this.staticMembers.put(member, ownerType);
	}

	void declare(String simpleName) {
		this.declared.add(simpleName);
	}

	/** The type a statically imported method or field belongs to, or null. */
	String staticOwner(String member) {
		return this.staticMembers.get(member);
	}

	/** Whether a name is one this file knows as a type, rather than a variable's. */
	boolean knows(String name) {
		return this.singles.containsKey(name) || this.declared.contains(name) || JAVA_LANG.contains(name)
				|| (this.kotlin && KOTLIN_DEFAULTS.containsKey(name));
	}

	String resolve(String written) {
		String name = raw(written);
		if (name.isEmpty()) {
			return name;
		}
		int dot = name.indexOf('.');
		if (dot > 0) {
			String first = name.substring(0, dot);
			if (this.singles.containsKey(first)) {
				return this.singles.get(first) + name.substring(dot);
			}
			if (Character.isLowerCase(first.charAt(0))) {
				return name;
			}
			return qualify(name);
		}
		if (this.singles.containsKey(name)) {
			return this.singles.get(name);
		}
		if (this.declared.contains(name)) {
			return qualify(name);
		}
		if (this.kotlin && KOTLIN_DEFAULTS.containsKey(name)) {
			return KOTLIN_DEFAULTS.get(name);
		}
		if (JAVA_LANG.contains(name)) {
			return "java.lang." + name;
		}
		if (!this.wildcards.isEmpty()) {
			return this.wildcards.get(0) + "." + name;
		}
		return qualify(name);
	}

	private String qualify(String name) {
		return this.packageName.isEmpty() ? name : this.packageName + "." + name;
	}

	/** The name without type arguments, array brackets, nullability or varargs. */
	static String raw(String written) {
		String name = written.strip();
		int generic = name.indexOf('<');
		if (generic >= 0) {
			name = name.substring(0, generic);
		}
		name = name.replace("[]", "").replace("...", "").replace("?", "").strip();
		if (name.startsWith("@")) {
			name = name.substring(1);
		}
		return name;
	}

}
