package dev.fluxbench.assess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a multi-module Spring project of about 50 000 lines, Java and some Kotlin, to
 * benchmark assess by hand (the issue asks for under a minute):
 * {@code LargeProjectGenerator DIR [LINES]}, then {@code ./fluxbench assess DIR}. Its
 * POMs use the Spring Boot version of the reference apps, so that they resolve from a
 * local repository that a build of this project has filled. Not a test: a wall-clock
 * limit in a test would fail on a busy machine for no fault of the code.
 */
public final class LargeProjectGenerator {

	private static final int FILES_PER_MODULE = 40;

	private LargeProjectGenerator() {
	}

	public static void main(String[] args) throws IOException {
		Path root = Path.of(args[0]);
		int lines = (args.length > 1) ? Integer.parseInt(args[1]) : 50_000;
		int written = generate(root, lines);
		System.out.println(root + ": " + written + " lines of source");
	}

	static int generate(Path root, int lines) throws IOException {
		List<String> modules = new ArrayList<>();
		int written = 0;
		for (int module = 0; written < lines; module++) {
			String name = "service-" + module;
			modules.add(name);
			Path directory = root.resolve(name);
			Files.createDirectories(directory);
			Files.writeString(directory.resolve("pom.xml"), modulePom(name));
			Path resources = directory.resolve("src/main/resources");
			Files.createDirectories(resources);
			Files.writeString(resources.resolve("application.yaml"), """
					spring:
					  datasource:
					    hikari:
					      maximum-pool-size: 20
					server:
					  tomcat:
					    threads:
					      max: 200
					""");
			for (int file = 0; file < FILES_PER_MODULE && written < lines; file++) {
				String pkg = "com.example.s" + module + ".f" + file;
				boolean kotlin = file % 10 == 9;
				String text = kotlin ? kotlinFile(pkg, file) : javaFile(pkg, file);
				Path source = directory.resolve((kotlin ? "src/main/kotlin/" : "src/main/java/") + pkg.replace('.', '/')
						+ "/Unit" + file + (kotlin ? ".kt" : ".java"));
				Files.createDirectories(source.getParent());
				Files.writeString(source, text);
				written += (int) text.lines().count();
			}
		}
		Files.writeString(root.resolve("pom.xml"), parentPom(modules));
		return written;
	}

	private static String parentPom(List<String> modules) {
		StringBuilder list = new StringBuilder();
		modules.forEach((module) -> list.append("        <module>").append(module).append("</module>\n"));
		return """
				<?xml version="1.0" encoding="UTF-8"?>
				<project xmlns="http://maven.apache.org/POM/4.0.0">
				    <modelVersion>4.0.0</modelVersion>
				    <groupId>com.example</groupId>
				    <artifactId>large</artifactId>
				    <version>1.0</version>
				    <packaging>pom</packaging>
				    <properties>
				        <java.version>21</java.version>
				    </properties>
				    <modules>
				%s    </modules>
				    <dependencyManagement>
				        <dependencies>
				            <dependency>
				                <groupId>org.springframework.boot</groupId>
				                <artifactId>spring-boot-dependencies</artifactId>
				                <version>4.1.0</version>
				                <type>pom</type>
				                <scope>import</scope>
				            </dependency>
				        </dependencies>
				    </dependencyManagement>
				</project>
				""".formatted(list);
	}

	private static String modulePom(String name) {
		return """
				<?xml version="1.0" encoding="UTF-8"?>
				<project xmlns="http://maven.apache.org/POM/4.0.0">
				    <modelVersion>4.0.0</modelVersion>
				    <parent>
				        <groupId>com.example</groupId>
				        <artifactId>large</artifactId>
				        <version>1.0</version>
				    </parent>
				    <artifactId>%s</artifactId>
				    <dependencies>
				        <dependency>
				            <groupId>org.springframework.boot</groupId>
				            <artifactId>spring-boot-starter-webmvc</artifactId>
				        </dependency>
				        <dependency>
				            <groupId>org.springframework.boot</groupId>
				            <artifactId>spring-boot-starter-data-jpa</artifactId>
				        </dependency>
				        <dependency>
				            <groupId>org.springframework.boot</groupId>
				            <artifactId>spring-boot-starter-flyway</artifactId>
				        </dependency>
				        <dependency>
				            <groupId>org.postgresql</groupId>
				            <artifactId>postgresql</artifactId>
				            <scope>runtime</scope>
				        </dependency>
				    </dependencies>
				</project>
				""".formatted(name);
	}

	private static String javaFile(String pkg, int index) {
		StringBuilder methods = new StringBuilder();
		for (int method = 0; method < 8; method++) {
			methods.append("""

						synchronized String load%1$d(long id) {
							String cached = CACHE.get().format(new java.util.Date(id));
							return this.rest.getForObject("http://prices/" + id + "/%1$d", String.class) + cached;
						}

						@Transactional
						public long count%1$d(HttpServletRequest request) {
							return this.jdbc.queryForObject("select count(*) from t%1$d", Long.class)
									+ request.getContentLengthLong();
						}
					""".formatted(method));
		}
		return """
				package %s;

				import java.text.SimpleDateFormat;

				import jakarta.servlet.http.HttpServletRequest;
				import org.springframework.jdbc.core.JdbcTemplate;
				import org.springframework.stereotype.Service;
				import org.springframework.transaction.annotation.Transactional;
				import org.springframework.web.client.RestTemplate;

				@Service
				class Unit%d {

					private static final ThreadLocal<SimpleDateFormat> CACHE = ThreadLocal
						.withInitial(() -> new SimpleDateFormat("yyyy-MM-dd"));

					private final RestTemplate rest;

					private final JdbcTemplate jdbc;

					Unit%d(RestTemplate rest, JdbcTemplate jdbc) {
						this.rest = rest;
						this.jdbc = jdbc;
					}
				%s
				}
				""".formatted(pkg, index, index, methods);
	}

	private static String kotlinFile(String pkg, int index) {
		StringBuilder functions = new StringBuilder();
		for (int function = 0; function < 10; function++) {
			functions.append("""

					    fun price%1$d(id: Long): String? {
					        synchronized(lock) {
					            Thread.sleep(1)
					        }
					        return rest.getForObject("http://prices/$id/%1$d", String::class.java)
					    }
					""".formatted(function));
		}
		return """
				package %s

				import org.springframework.stereotype.Service
				import org.springframework.web.client.RestTemplate

				@Service
				class Unit%d(private val rest: RestTemplate) {

				    private val lock = Any()
				%s
				}
				""".formatted(pkg, index, functions);
	}

}
