package dev.fluxbench.assess.project;

import java.nio.file.Path;
import java.util.List;

/**
 * What was read of the assessed project: its modules, and what could not be read or
 * resolved, said in one line each.
 */
public record MavenProject(Path root, List<MavenModule> modules, List<String> notes) {

	public MavenProject {
		modules = List.copyOf(modules);
		notes = List.copyOf(notes);
	}

}
