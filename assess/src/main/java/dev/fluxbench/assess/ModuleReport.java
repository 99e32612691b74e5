package dev.fluxbench.assess;

import java.util.List;

import dev.fluxbench.assess.project.Dependency;

/**
 * A module as the report describes it, with the versions the resolver settled on.
 *
 * @param artifactId its artifact
 * @param directory its directory, relative to the assessed one
 * @param packaging jar, war, pom…
 * @param springBoot the Spring Boot version in its tree, or null
 * @param javaRelease the release it compiles for, or null when its POM does not say
 * @param sourceFiles how many main source files were read
 * @param sourceLines how many lines they have
 * @param dependencies its resolved tree, test scope left out
 */
public record ModuleReport(String artifactId, String directory, String packaging, String springBoot,
		Integer javaRelease, int sourceFiles, long sourceLines, List<Dependency> dependencies) {

}
