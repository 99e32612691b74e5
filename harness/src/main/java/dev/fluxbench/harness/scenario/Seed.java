package dev.fluxbench.harness.scenario;

import java.nio.file.Path;

/**
 * The seed documents a scenario or a stack comes from, by file name in the shared seeds folder.
 * A benchmark number means little without the setup it reproduces, so every entry names its seed.
 */
public enum Seed {

	THESIS("000_7f0aef5aecc896c0.txt", "TalTech thesis: MVC to WebFlux migration case study"),

	CONCERTS("001_9c0053dc7fc6618a.txt", "Comparing WebFlux and Spring MVC with JMeter and Kotlin"),

	PASSTHROUGH("004_22a772f8fae86275.txt", "Spring Boot 2 WebFlux vs Spring Boot 1 raw numbers"),

	/** Not from a seed: virtual threads postdate every seed document. */
	NONE("-", "not in the seeds");

	/** Where the seeds live on the project's machines; the file name alone is what a result records. */
	public static final Path DIRECTORY = Path.of("/work/shared/seeds");

	private final String fileName;

	private final String title;

	Seed(String fileName, String title) {
		this.fileName = fileName;
		this.title = title;
	}

	public String fileName() {
		return this.fileName;
	}

	public String title() {
		return this.title;
	}

	@Override
	public String toString() {
		return (this == NONE) ? "(" + this.title + ")" : this.fileName + " (" + this.title + ")";
	}

}
