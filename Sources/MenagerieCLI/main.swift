import Menagerie

print(Resources.schemaSDL.isEmpty ? "no schema" : "schema embedded")
