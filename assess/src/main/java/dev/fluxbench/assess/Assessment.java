package dev.fluxbench.assess;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.fluxbench.assess.config.ConfigReader;
import dev.fluxbench.assess.project.MavenModule;
import dev.fluxbench.assess.project.MavenProject;
import dev.fluxbench.assess.project.ProjectReader;
import dev.fluxbench.assess.rule.ModuleContext;
import dev.fluxbench.assess.rule.Recognizer;
import dev.fluxbench.assess.rule.Rule;
import dev.fluxbench.assess.rule.RuleCatalogue;
import dev.fluxbench.assess.source.SourceReader;

/**
 * {@code fluxbench assess}: reads a Maven project and runs every rule of the catalogue on
 * each of its modules, for the targets asked.
 */
public final class Assessment {

	/** Short names for the recommendation's "X and Y among them". */
	private static final Map<String, String> SHORT_NAMES = Map.ofEntries(Map.entry("webflux.ldap", "LDAP"),
			Map.entry("webflux.blocking-cache", "the cache"),
			Map.entry("webflux.blocking-data-access", "JPA/JDBC data access"),
			Map.entry("webflux.jdbc-driver", "the JDBC drivers"), Map.entry("webflux.soap-client", "the SOAP client"),
			Map.entry("webflux.schema-migration", "Flyway"), Map.entry("webflux.servlet-security", "servlet security"),
			Map.entry("webflux.servlet-api", "the Servlet API"),
			Map.entry("webflux.blocking-http-client", "the blocking HTTP clients"),
			Map.entry("webflux.blocking-call", "blocking calls"),
			Map.entry("webflux.spring-session-jdbc", "Spring Session JDBC"),
			Map.entry("vt.pinning-library", "pinning libraries"),
			Map.entry("platform.spring-boot-version", "the Spring Boot version"),
			Map.entry("platform.jdk-version", "the Java release"));

	private static final String[] WORDS = { "no", "one", "two", "three", "four", "five", "six", "seven", "eight",
			"nine", "ten" };

	private final AssessOptions options;

	private final SourceReader sources = new SourceReader();

	private final ConfigReader configs = new ConfigReader();

	public Assessment(AssessOptions options) {
		this.options = options;
	}

	/**
	 * Assesses the Maven project in the given directory.
	 * @throws NotAMavenProjectException when the directory has no readable pom.xml
	 */
	public AssessmentReport assess(Path directory) {
		MavenProject project = new ProjectReader(this.options.localRepository(), this.options.offline())
			.read(directory);
		List<String> notes = new ArrayList<>(project.notes());
		List<ModuleReport> modules = new ArrayList<>();
		List<Finding> findings = new ArrayList<>();
		List<Recognition> recognitions = new ArrayList<>();
		List<Rule> rules = RuleCatalogue.rules()
			.stream()
			.filter((rule) -> rule.info().targets().stream().anyMatch(this.options.targets()::contains))
			.toList();
		for (MavenModule module : project.modules()) {
			SourceReader.Sources read = module.aggregatorOnly() ? new SourceReader.Sources(List.of(), List.of(), 0)
					: this.sources.read(project.root(), module.directory());
			ConfigReader.Config config = module.aggregatorOnly() ? new ConfigReader.Config(List.of(), List.of())
					: this.configs.read(project.root(), module.directory());
			notes.addAll(read.notes());
			notes.addAll(config.notes());
			ModuleContext context = new ModuleContext(module, read.files(), config.entries(), this.options.jdk());
			for (Rule rule : rules) {
				for (Finding finding : rule.apply(context)) {
					List<Target> targets = finding.targets().stream().filter(this.options.targets()::contains).toList();
					if (!targets.isEmpty()) {
						findings.add(new Finding(finding.rule(), targets, finding.severity(), finding.effort(),
								finding.module(), finding.location(), finding.evidence(), finding.why(),
								finding.action(), finding.replacement(), finding.replacementExists()));
					}
				}
			}
			Recognizer.recognise(context)
				.stream()
				.filter((recognition) -> this.options.targets().contains(recognition.target()))
				.forEach(recognitions::add);
			modules.add(new ModuleReport(module.artifactId(), module.relativeDirectory(), module.packaging(),
					module.dependency("org.springframework.boot", "spring-boot")
						.map((boot) -> boot.version())
						.orElse(null),
					javaRelease(module), read.files().size(), read.lines(), module.dependencies()));
		}
		List<String> ruleOrder = RuleCatalogue.rules().stream().map((rule) -> rule.info().id()).toList();
		List<String> moduleOrder = modules.stream().map(ModuleReport::artifactId).toList();
		findings.sort(Comparator.comparingInt((Finding finding) -> moduleOrder.indexOf(finding.module()))
			.thenComparing(Finding::severity)
			.thenComparingInt((finding) -> ruleOrder.indexOf(finding.rule()))
			.thenComparing((finding) -> finding.location().describe()));
		List<Target> targets = List.of(Target.values()).stream().filter(this.options.targets()::contains).toList();
		List<TargetSummary> summaries = targets.stream().map((target) -> summary(target, findings)).toList();
		return new AssessmentReport(AssessmentReport.FORMAT_VERSION, directory.toString(), targets, this.options.jdk(),
				modules, summaries, recommendation(summaries), findings, recognitions, notes);
	}

	private static Integer javaRelease(MavenModule module) {
		for (String key : List.of("maven.compiler.release", "maven.compiler.target", "java.version")) {
			String value = module.properties().get(key);
			if (value != null && value.strip().matches("(1\\.)?\\d+")) {
				return Integer.parseInt(value.strip().replaceFirst("^1\\.", ""));
			}
		}
		return null;
	}

	private static TargetSummary summary(Target target, List<Finding> findings) {
		List<Finding> concerned = findings.stream().filter((finding) -> finding.concerns(target)).toList();
		int blockers = count(concerned, Severity.BLOCKER);
		int efforts = count(concerned, Severity.EFFORT);
		int notes = count(concerned, Severity.NOTE);
		Map<Effort, Integer> classes = new EnumMap<>(Effort.class);
		concerned.stream()
			.filter((finding) -> finding.severity() != Severity.NOTE)
			.forEach((finding) -> classes.merge(finding.effort(), 1, Integer::sum));
		Map<String, List<Finding>> byRule = concerned.stream()
			.filter((finding) -> finding.severity() != Severity.NOTE)
			.collect(Collectors.groupingBy(Finding::rule, LinkedHashMap::new, Collectors.toList()));
		List<List<Finding>> ordered = new ArrayList<>(byRule.values());
		ordered.sort(Comparator.comparing((List<Finding> group) -> group.get(0).severity())
			.thenComparing((group) -> group.get(0).effort())
			.thenComparing((group) -> -group.size()));
		List<String> firstSteps = ordered.stream().limit(3).map((group) -> {
			Finding first = group.get(0);
			return first.action() + " (" + first.rule() + ", " + group.size() + " finding"
					+ ((group.size() == 1) ? "" : "s") + ", " + first.effort().label() + " each)";
		}).toList();
		return new TargetSummary(target, blockers, efforts, notes, classes, firstSteps,
				headline(target, blockers, classes, concerned));
	}

	private static int count(List<Finding> findings, Severity severity) {
		return (int) findings.stream().filter((finding) -> finding.severity() == severity).count();
	}

	private static String headline(Target target, int blockers, Map<Effort, Integer> classes, List<Finding> findings) {
		if (classes.isEmpty()) {
			return target.label() + ": nothing stands in the way";
		}
		if (blockers > 0) {
			Map<String, Long> byRule = findings.stream()
				.filter((finding) -> finding.severity() == Severity.BLOCKER)
				.collect(Collectors.groupingBy(Finding::rule, LinkedHashMap::new, Collectors.counting()));
			List<String> names = byRule.entrySet()
				.stream()
				.sorted(Map.Entry.<String, Long>comparingByValue().reversed())
				.limit(2)
				.map((entry) -> SHORT_NAMES.getOrDefault(entry.getKey(), entry.getKey()))
				.toList();
			return target.label() + ": " + number(blockers) + " blocker" + ((blockers == 1) ? "" : "s") + ", "
					+ String.join(" and ", names) + ((blockers == 1) ? "" : " among them");
		}
		List<String> parts = new ArrayList<>();
		classes.forEach((effort, count) -> parts.add(number(count) + " " + plural(effort, count)));
		return target.label() + ": " + join(parts);
	}

	private static String plural(Effort effort, int count) {
		String label = effort.label().replaceFirst("^an? ", "");
		if (count == 1) {
			return label;
		}
		return switch (effort) {
			case CONFIGURATION -> "configuration lines";
			case UPGRADE -> "library upgrades";
			case LOCAL -> "local code changes";
			case REWRITE -> "rewrites of a layer";
			case NONE -> "nothings";
		};
	}

	static String recommendation(List<TargetSummary> summaries) {
		String parts = summaries.stream().map(TargetSummary::headline).collect(Collectors.joining("; "));
		if (summaries.size() < 2) {
			return parts + ".";
		}
		TargetSummary webflux = summaries.stream()
			.filter((summary) -> summary.target() == Target.WEBFLUX)
			.findFirst()
			.orElseThrow();
		TargetSummary threads = summaries.stream()
			.filter((summary) -> summary.target() == Target.VIRTUAL_THREADS)
			.findFirst()
			.orElseThrow();
		String advice;
		if (threads.blockers() < webflux.blockers()) {
			advice = "Virtual threads are the shorter way: measure them against today's build first"
					+ " (./fluxbench run).";
		}
		else if (webflux.blockers() < threads.blockers()) {
			advice = "WebFlux stands closer than virtual threads here: measure both before committing.";
		}
		else {
			advice = "Neither target is closer by blockers: let a measurement decide (./fluxbench run).";
		}
		return parts + ". " + advice;
	}

	static String number(int count) {
		return (count >= 0 && count < WORDS.length) ? WORDS[count] : String.valueOf(count);
	}

	private static String join(List<String> parts) {
		if (parts.size() == 1) {
			return parts.get(0);
		}
		return String.join(", ", parts.subList(0, parts.size() - 1)) + " and " + parts.get(parts.size() - 1);
	}

}
