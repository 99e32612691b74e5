package dev.fluxbench.assess.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.fluxbench.assess.AssessmentReport;
import dev.fluxbench.assess.Finding;
import dev.fluxbench.assess.Location;
import dev.fluxbench.assess.ModuleReport;
import dev.fluxbench.assess.Recognition;
import dev.fluxbench.assess.Target;
import dev.fluxbench.assess.rule.RuleCatalogue;
import dev.fluxbench.assess.rule.RuleInfo;

/** What the Markdown and HTML reports both show, grouped once. */
final class Sections {

	private Sections() {
	}

	static Map<String, List<Finding>> byModule(AssessmentReport report) {
		Map<String, List<Finding>> groups = new LinkedHashMap<>();
		report.modules().forEach((module) -> groups.put(module.artifactId(), new ArrayList<>()));
		report.findings().forEach((finding) -> groups.get(finding.module()).add(finding));
		groups.values().removeIf(List::isEmpty);
		return groups;
	}

	static Map<RuleInfo, List<Finding>> byRule(AssessmentReport report) {
		Map<RuleInfo, List<Finding>> groups = new LinkedHashMap<>();
		for (RuleInfo rule : RuleCatalogue.infos()) {
			List<Finding> findings = report.findings()
				.stream()
				.filter((finding) -> finding.rule().equals(rule.id()))
				.toList();
			if (!findings.isEmpty()) {
				groups.put(rule, findings);
			}
		}
		return groups;
	}

	static List<RecognitionGroup> recognitions(AssessmentReport report, Target target) {
		Map<String, List<Recognition>> groups = new LinkedHashMap<>();
		report.recognitions()
			.stream()
			.filter((recognition) -> recognition.target() == target)
			.forEach((recognition) -> groups.computeIfAbsent(recognition.what(), (what) -> new ArrayList<>())
				.add(recognition));
		return groups.entrySet()
			.stream()
			.map((entry) -> new RecognitionGroup(target, entry.getKey(), entry.getValue().get(0).location(),
					entry.getValue().size()))
			.toList();
	}

	/** The link target for a location, from where the report is written. */
	static String href(String linkBase, Location location) {
		if (!location.pointsToFile()) {
			return null;
		}
		String base = (linkBase == null || linkBase.isEmpty()) ? ""
				: linkBase.endsWith("/") ? linkBase : linkBase + "/";
		return base + location.file() + ((location.line() > 0) ? "#L" + location.line() : "");
	}

	/**
	 * What the Spring Boot versions and the JDK of the assessment allow, one line each:
	 * the "both" part of the catalogue, said whether or not a rule fired on it.
	 */
	static List<String> platform(AssessmentReport report) {
		List<String> lines = new ArrayList<>();
		report.modules()
			.stream()
			.map(ModuleReport::springBoot)
			.filter(java.util.Objects::nonNull)
			.distinct()
			.forEach((boot) -> {
				boolean threads = atLeast(boot, 3, 2);
				lines.add("Spring Boot " + boot + ": WebFlux yes; virtual threads by one property"
						+ " (spring.threads.virtual.enabled, 3.2+) " + (threads ? "yes" : "no")
						+ "; Mono-returning @Cacheable with an asynchronous cache (3.2+) " + (threads ? "yes" : "no")
						+ ".");
			});
		report.modules()
			.stream()
			.map(ModuleReport::javaRelease)
			.filter(java.util.Objects::nonNull)
			.distinct()
			.forEach((release) -> lines.add("Compiled for Java " + release + ": virtual threads (21+) "
					+ ((release >= 21) ? "yes" : "no") + "."));
		lines.add("Assessed for JDK " + report.jdk() + ": synchronized "
				+ ((report.jdk() >= 24) ? "no longer pins virtual threads (JEP 491)"
						: "still pins virtual threads; JDK 24+ removes that (JEP 491)")
				+ "; native frames and class initialisation pin on every JDK.");
		return lines;
	}

	private static boolean atLeast(String version, int major, int minor) {
		String[] parts = version.split("[.-]");
		try {
			int actualMajor = Integer.parseInt(parts[0]);
			int actualMinor = (parts.length > 1) ? Integer.parseInt(parts[1]) : 0;
			return actualMajor > major || (actualMajor == major && actualMinor >= minor);
		}
		catch (NumberFormatException ex) {
			return false;
		}
	}

	static String targetsOf(Finding finding) {
		return String.join(", ", finding.targets().stream().map(Target::label).toList());
	}

	static String intro(AssessmentReport report) {
		long files = report.modules().stream().mapToLong((module) -> module.sourceFiles()).sum();
		long lines = report.modules().stream().mapToLong((module) -> module.sourceLines()).sum();
		int modules = report.modules().size();
		return "Assessed for " + String.join(" and ", report.targets().stream().map(Target::label).toList())
				+ " on JDK " + report.jdk() + ": " + modules + " module" + ((modules == 1) ? "" : "s") + ", " + files
				+ " source files (" + lines + " lines), " + report.findings().size() + " findings.";
	}

	/**
	 * Recognitions of one kind for one target: what, where first, and in how many places.
	 */
	record RecognitionGroup(Target target, String what, Location first, int places) {

	}

}
