package dev.fluxbench.assess;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * How to assess.
 *
 * @param targets the targets to assess for
 * @param jdk the JDK the service is to run on: below 24, synchronized pins virtual
 * threads
 * @param offline whether to resolve from the local repository only
 * @param localRepository the local Maven repository
 */
public record AssessOptions(Set<Target> targets, int jdk, boolean offline, Path localRepository) {

	public AssessOptions {
		targets = Set.copyOf(targets);
		if (targets.isEmpty()) {
			throw new IllegalArgumentException("at least one target is needed");
		}
	}

	public static AssessOptions both(int jdk, boolean offline, Path localRepository) {
		return new AssessOptions(EnumSet.allOf(Target.class), jdk, offline, localRepository);
	}

}
