function main (asm, 255 bytes)
    00000  jmp 0000000000000056h
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
    00022  sub rsp,0
    00029  mov rdi,rsi
    0002c  mov esi,0
; line 8: jge
    00032  cmp rsi,rdi
    00035  jge 0000000000000049h
    0003b  nop [rax+rax]
; line 9: add
    00040  add rsi,1
; line 10: jmp
; line 8: jge
    00044  cmp rsi,rdi
    00047  jl 0000000000000040h
; line 12: ret
    00049  mov rax,rsi
    0004c  mov rsp,rbp
    0004f  pop rbp
    00050  ret
; unwind to the entry from the interpreter
    00051  mov rsp,[r15+28h]
    00055  ret
; external entry (from the interpreter)
    00056  push rbp
    00057  mov rbp,rsp
    0005a  push rbx
    0005b  push r12
    0005d  push r13
    0005f  push r14
    00061  push r15
    00063  mov r15,ADDR
    0006d  mov [r15+30h],rdi
    00074  push qword ptr [r15+28h]
    0007b  mov r14,8
    00085  mov r13,[r15+10h]
    0008c  sub r13,[r15]
    00093  lea rax,[0D8h]
    0009a  push rax
    0009b  mov [r15+28h],rsp
    000a2  sub rsp,8
    000a6  mov rdx,rsi
    000a9  sub rsp,10h
    000b0  mov rsi,[rdx]
    000b7  call 8
    000bc  xor edx,edx
    000be  lea rsp,[rbp-30h]
    000c5  pop rcx
    000c6  mov [r15+28h],rcx
    000cd  pop r15
    000cf  pop r14
    000d1  pop r13
    000d3  pop r12
    000d5  pop rbx
    000d6  pop rbp
    000d7  ret
    000d8  lea rbp,[rsp+30h]
    000e0  mov edx,1
    000e5  lea rsp,[rbp-30h]
    000ec  pop rcx
    000ed  mov [r15+28h],rcx
    000f4  pop r15
    000f6  pop r14
    000f8  pop r13
    000fa  pop r12
    000fc  pop rbx
    000fd  pop rbp
    000fe  ret

