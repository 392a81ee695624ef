function main (asm, 240 bytes)
    00000  jmp 00000000000000BFh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov eax,0
    0000e  cmp rax,rsi
    00011  jl 000000000000001Eh
; return before the frame
    00017  mov eax,0
    0001d  ret
; frame
    0001e  push rbp
    0001f  mov rbp,rsp
    00022  mov rdi,rsi
    00025  mov esi,0
    0002b  cmp rsi,rdi
    0002e  jge 0000000000000050h
    00034  test rsi,rsi
    00037  js 0000000000000050h
    0003d  mov eax,40h
    00042  cmp rdi,rax
    00045  jg 0000000000000050h
    0004b  jmp 0000000000000085h
; line 8: jge
    00050  cmp rsi,rdi
    00053  jge 000000000000007Ah
    00059  nop [rax]
; line 9: store
    00060  cmp rsi,40h
    00067  jae 00000000000000AFh
    0006d  mov [r14+rsi*8],rsi
; line 10: add
    00071  add rsi,1
; line 11: jmp
; line 8: jge
    00075  cmp rsi,rdi
    00078  jl 0000000000000060h
; line 13: ret
    0007a  mov eax,0
    00080  mov rsp,rbp
    00083  pop rbp
    00084  ret
; line 8: jge
; unchecked copy of the loop at line 8
    00085  cmp rsi,rdi
    00088  jge 000000000000007Ah
    0008a  nop [rax+rax]
    00093  nop [rax+rax]
    0009c  nop [rax]
; line 9: store
    000a0  mov [r14+rsi*8],rsi
; line 10: add
    000a4  add rsi,1
; line 11: jmp
; line 8: jge
    000a8  cmp rsi,rdi
    000ab  jl 00000000000000A0h
    000ad  jmp 000000000000007Ah
; trap: memory access out of bounds at line 9
    000af  mov edx,2
    000b4  jmp qword ptr [0E0h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    000ba  mov rsp,[r15+28h]
    000be  ret
; external entry (from the interpreter)
    000bf  mov rax,ADDR
    000c9  mov rcx,ADDR
    000d3  lea r11,[8]
    000da  jmp qword ptr [0E8h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    000e0  dq ADDR  ; glue: memory access out of bounds through jit_trap
    000e8  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

