function main (asm, 440 bytes)
    00000  jmp 0000000000000182h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,20h
    00013  mov [rbp-8],rbx
    00017  mov [rbp-10h],r10
    0001b  mov [rbp-18h],r11
    0001f  mov r11,rdi
; line 8: load
    00022  cmp rsi,1000h
    00029  jae 000000000000015Fh
    0002f  mov r10,[r14+rsi*8]
    00033  mov esi,0
    00039  mov r8d,0
    0003f  cmp rsi,r11
    00042  jge 000000000000008Ah
    00048  test rsi,rsi
    0004b  js 000000000000008Ah
    00051  mov eax,1000h
    00056  sub rax,1
    0005c  cmp r11,rax
    0005f  jg 000000000000008Ah
    00065  mov rcx,r11
    00068  add rcx,r10
    0006b  cmp rcx,rax
    0006e  jg 000000000000008Ah
    00074  cmp r10,7FFFFFFFh
    0007b  ja 000000000000008Ah
    00081  lea r10,[r14+r10*8]
    00085  jmp 00000000000000E7h
; line 12: jge
    0008a  cmp rsi,r11
    0008d  jge 00000000000000CEh
    00093  nop [rax+rax]
    0009c  nop [rax]
; line 13: add
    000a0  lea rdi,[r10+rsi]
; line 14: load
    000a5  cmp rdi,0FFFh
    000ac  jae 0000000000000130h
    000b2  mov r9,[r14+rdi*8]
; line 15: load
    000b6  mov rbx,[r14+rdi*8+8]
; line 16: add
    000be  add r8,r9
; line 17: store
    000c1  mov [r14+rdi*8],rbx
; line 18: add
    000c5  add rsi,1
; line 19: jmp
; line 12: jge
    000c9  cmp rsi,r11
    000cc  jl 00000000000000A0h
; line 21: add
    000ce  lea rsi,[r8+r10]
; line 22: ret
    000d3  mov rax,rsi
    000d6  mov rbx,[rbp-8]
    000da  mov r10,[rbp-10h]
    000de  mov r11,[rbp-18h]
    000e2  mov rsp,rbp
    000e5  pop rbp
    000e6  ret
; line 12: jge
; unchecked copy of the loop at line 12
    000e7  cmp rsi,r11
    000ea  jge 0000000000000127h
    000f0  nop [rax+rax]
    000f9  nop [rax]
; line 13: add
; line 14: load
    00100  mov r9,[r10+rsi*8]
; line 15: load
    00105  mov rbx,[r10+rsi*8+8]
; line 16: add
    0010d  add r8,r9
; line 17: store
    00110  mov [r10+rsi*8],rbx
; line 18: add
    00115  add rsi,1
; line 19: jmp
; line 12: jge
    00119  cmp rsi,r11
    0011c  jl 0000000000000100h
    0011e  sub r10,r14
    00121  sar r10,3
    00125  jmp 00000000000000CEh
; exit: the rows' addresses back to cell numbers
    00127  sub r10,r14
    0012a  sar r10,3
    0012e  jmp 00000000000000CEh
; a group's span out of bounds: find the member
    00130  lea rcx,[rdi]
    00138  cmp rcx,1000h
    0013f  jae 0000000000000167h
    00145  lea rcx,[rdi+1]
    0014d  cmp rcx,1000h
    00154  jae 0000000000000172h
    0015a  jmp 0000000000000172h
; trap: memory access out of bounds at line 8
    0015f  xor edx,edx
    00161  jmp qword ptr [1A8h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 14
    00167  mov edx,5
    0016c  jmp qword ptr [1A8h]  ; glue: memory access out of bounds through jit_trap
; trap: memory access out of bounds at line 15
    00172  mov edx,6
    00177  jmp qword ptr [1A8h]  ; glue: memory access out of bounds through jit_trap
; unwind to the entry from the interpreter
    0017d  mov rsp,[r15+28h]
    00181  ret
; external entry (from the interpreter)
    00182  mov rax,ADDR
    0018c  mov rcx,ADDR
    00196  lea r11,[8]
    0019d  jmp qword ptr [1B0h]  ; glue: the entry from the interpreter, 2 words in registers
; constant pool
    001a8  dq ADDR  ; glue: memory access out of bounds through jit_trap
    001b0  dq ADDR  ; glue: the entry from the interpreter, 2 words in registers

