package dev.fluxbench.assess.rule;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.fluxbench.assess.Effort;
import dev.fluxbench.assess.Finding;
import dev.fluxbench.assess.Location;
import dev.fluxbench.assess.Severity;
import dev.fluxbench.assess.Target;
import dev.fluxbench.assess.project.Dependency;

/** For both targets: the Spring Boot and JDK versions, and what they allow. */
final class PlatformRules {

	private PlatformRules() {
	}

	static List<Rule> all() {
		return List.of(new SpringBootVersion(), new JdkVersion());
	}

	/**
	 * The release the module compiles for, from the properties the compiler plugin reads.
	 */
	static Optional<Integer> javaRelease(ModuleContext module) {
		for (String key : List.of("maven.compiler.release", "maven.compiler.target", "java.version")) {
			String value = module.module().properties().get(key);
			if (value != null) {
				try {
					String text = value.startsWith("1.") ? value.substring(2) : value;
					return Optional.of(Integer.parseInt(text.strip()));
				}
				catch (NumberFormatException ex) {
					// An unresolved ${…} or a range: look at the next property.
				}
			}
		}
		return Optional.empty();
	}

	/**
	 * The module's pom.xml, at the first line that mentions the text, for a finding's
	 * link.
	 */
	static Location pomLine(ModuleContext module, String text) {
		Path pom = module.module().directory().resolve("pom.xml");
		String relative = module.module().relativeDirectory().equals(".") ? "pom.xml"
				: module.module().relativeDirectory() + "/pom.xml";
		try {
			List<String> lines = Files.readAllLines(pom);
			for (int i = 0; i < lines.size(); i++) {
				if (lines.get(i).contains(text)) {
					return Location.file(relative, i + 1);
				}
			}
		}
		catch (IOException ex) {
			// The link loses its line, nothing more.
		}
		return Location.file(relative, 0);
	}

	static final class SpringBootVersion extends BaseRule {

		SpringBootVersion() {
			super(RuleInfo.both("platform.spring-boot-version", "Spring Boot version", Severity.EFFORT, Effort.UPGRADE,
					"The Spring Boot version decides what each target gets by configuration: virtual threads need"
							+ " Boot 3.2+, reactive @Cacheable Spring 6.1 (Boot 3.2+).",
					"Upgrade Spring Boot to 3.2 or later."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			Optional<Dependency> boot = module.dependency("org.springframework.boot", "spring-boot");
			if (boot.isEmpty() || VirtualThreadRules.version(boot.get().version())
				.compareTo(VirtualThreadRules.version("3.2")) >= 0) {
				return List.of();
			}
			String version = boot.get().version();
			boolean two = version.startsWith("2.") || version.startsWith("1.");
			String action = "Upgrade to Spring Boot 3.2+ (spring.threads.virtual.enabled, Mono-returning @Cacheable)"
					+ (two ? "; from 2.x that also means Java 17 and the javax to jakarta rename." : ".");
			return List.of(new Finding(info().id(), List.of(Target.VIRTUAL_THREADS, Target.WEBFLUX),
					two ? Severity.BLOCKER : Severity.EFFORT, Effort.UPGRADE, module.name(),
					module.location(boot.get()), "Spring Boot " + version, info().why(), action,
					"Spring Boot 3.2 or later", true));
		}

	}

	static final class JdkVersion extends BaseRule {

		JdkVersion() {
			super(RuleInfo.both("platform.jdk-version", "JDK version", Severity.NOTE, Effort.NONE,
					"Virtual threads need Java 21, and synchronized stops pinning them only from JDK 24 (JEP 491).",
					"Compile for 21 or later and run on JDK 24+ where you can."));
		}

		@Override
		public List<Finding> apply(ModuleContext module) {
			List<Finding> findings = new ArrayList<>();
			if (module.module().aggregatorOnly()) {
				return findings;
			}
			Optional<Integer> release = javaRelease(module);
			if (release.isPresent() && release.get() < 21) {
				findings.add(new Finding(info().id(), List.of(Target.VIRTUAL_THREADS), Severity.BLOCKER, Effort.UPGRADE,
						module.name(), pomLine(module, String.valueOf(release.get())),
						"compiles for Java " + release.get(), info().why(),
						"Raise maven.compiler.release to 21 or later: virtual threads do not exist before 21.",
						"Java 21", true));
			}
			if (module.jdk() < VirtualThreadRules.JDK_WITHOUT_SYNCHRONIZED_PINNING) {
				findings.add(new Finding(info().id(), List.of(Target.VIRTUAL_THREADS), Severity.NOTE, Effort.NONE,
						module.name(), pomLine(module, "<java.version>"),
						"assessed for JDK " + module.jdk() + ", where synchronized still pins", info().why(),
						"On JDK 24+ the synchronized findings go away; assess again with --jdk 25 to see what"
								+ " remains.",
						"JDK 24 or later", true));
			}
			return findings;
		}

	}

}
