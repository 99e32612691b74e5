package dev.fluxbench.assess;

import java.util.List;

/**
 * Where a finding's evidence is: a file and line (relative to the assessed directory), or
 * a dependency and its path from the module through the tree.
 */
public record Location(String file, int line, String dependency, List<String> path) {

	public Location {
		path = (path != null) ? List.copyOf(path) : List.of();
	}

	public static Location file(String file, int line) {
		return new Location(file, line, null, List.of());
	}

	public static Location dependency(String dependency, List<String> path) {
		return new Location(null, 0, dependency, path);
	}

	public boolean pointsToFile() {
		return this.file != null;
	}

	/** {@code file:line} or {@code group:artifact:version}, for one line of text. */
	public String describe() {
		if (pointsToFile()) {
			return (this.line > 0) ? this.file + ":" + this.line : this.file;
		}
		return this.dependency;
	}

	/** The path through the tree, as {@code a → b → c}; empty for a file. */
	public String describePath() {
		return String.join(" → ", this.path);
	}

}
